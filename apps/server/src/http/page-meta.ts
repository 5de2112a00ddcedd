// The page metadata of every list answer (DESIGN.md §4), from a count that may have stopped at the
// cap (db/capped-count.ts). The flag is sent only when it is true: absent means the total is exact.
import type { Page } from '@clearlane/contract';

export function pageMeta(query: { page: number; size: number }, counted: { total: number; capped: boolean }): Page<unknown>['page'] {
  return {
    number: query.page,
    size: query.size,
    totalElements: counted.total,
    totalPages: Math.ceil(counted.total / query.size),
    ...(counted.capped ? { totalElementsCapped: true } : {}),
  };
}
