// List conventions of DESIGN.md §4: page (0-based), size (default 20, max 100), repeatable sort=field,dir.
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const SortSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_.]*(,(asc|desc))?$/, 'must look like "field" or "field,asc|desc"');

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.union([SortSchema, z.array(SortSchema).max(4)]).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const PageMetaSchema = z.object({
  number: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  /**
   * True when counting stopped at COUNT_CAP: totalElements (and totalPages) are then a lower bound,
   * shown as "more than 10,000". Counting a very large company's whole list exactly costs more than
   * the page itself; nobody pages to the 10,001st order (they filter).
   */
  totalElementsCapped: z
    .boolean()
    .optional()
    .describe('Present and true when more than 10,000 rows match: counting stopped there, so totalElements is 10,000 and totalPages a lower bound ("more than 10,000"). Absent when totalElements is exact.'),
});

/** Lists may stop counting here (see PageMetaSchema.totalElementsCapped). */
export const COUNT_CAP = 10_000;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), page: PageMetaSchema });
}

export interface Page<T> {
  content: T[];
  page: z.infer<typeof PageMetaSchema>;
}

export type SortDirection = 'asc' | 'desc';
export interface SortTerm<F extends string> {
  field: F;
  direction: SortDirection;
}

/** Parses sort parameters, keeping only the fields a list allows; unknown fields are reported. */
export function parseSort<F extends string>(
  sort: string | string[] | undefined,
  allowed: readonly F[],
): { terms: SortTerm<F>[]; unknown: string[] } {
  const raw = sort === undefined ? [] : Array.isArray(sort) ? sort : [sort];
  const terms: SortTerm<F>[] = [];
  const unknown: string[] = [];
  for (const item of raw) {
    const [field = '', dir] = item.split(',');
    if ((allowed as readonly string[]).includes(field)) {
      terms.push({ field: field as F, direction: dir === 'desc' ? 'desc' : 'asc' });
    } else {
      unknown.push(field);
    }
  }
  return { terms, unknown };
}
