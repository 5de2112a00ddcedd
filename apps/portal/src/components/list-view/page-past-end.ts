// A page past the end of a list (a hand-edited or bookmarked URL, or a page of a list that has
// since shrunk) shows the last page instead of an empty one that says "No orders match".
import type { Page } from '@clearlane/contract/pagination';

/** The page (0-based) to show instead of the one answered, or undefined when the answered one is fine. */
export function pageInsteadOfPastEnd(meta: Pick<Page<unknown>['page'], 'number' | 'totalPages'>): number | undefined {
  return meta.number > 0 && meta.number >= meta.totalPages ? Math.max(meta.totalPages - 1, 0) : undefined;
}
