// One term of a list's ORDER BY: a column (or expression) ascending or descending, as a list's
// `sort` query parameter asks (contract: SortTerm). Every list's repository builds its ordering
// from these, so a direction means the same everywhere.
import { asc, desc, type AnyColumn, type SQLWrapper } from 'drizzle-orm';

export const inDirection = (direction: 'asc' | 'desc', column: AnyColumn | SQLWrapper) => (direction === 'desc' ? desc(column) : asc(column));
