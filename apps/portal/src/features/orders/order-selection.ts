// The orders list's selection, and what it bundles: rows ticked on the page shown, or (as in a mail
// client) every order matching the list's filters once the whole page is ticked and the user asks
// for all of them. A selection belongs to the view it was made in: another page, filter or sort
// starts with none. Ids are kept, not rows, so a row refreshed by polling is read as it is now.
import type { Order } from '@clearlane/contract/orders';
import type { BundleScope } from '../../components/report-bundles/bundle-request.ts';
import type { OrdersQuery } from './orders-search.ts';

export interface OrderSelection {
  /** The view (query) the selection was made in. */
  viewKey: string;
  ids: string[];
  /** Every order matching the view's filters, not only the rows ticked. */
  allMatching: boolean;
}

export const viewKeyOf = (query: OrdersQuery) => JSON.stringify(query);

export const emptySelection = (viewKey: string): OrderSelection => ({ viewKey, ids: [], allMatching: false });

/** The selection of the view on screen (none if it was made in another). */
export const selectionIn = (selection: OrderSelection, viewKey: string) => (selection.viewKey === viewKey ? selection : emptySelection(viewKey));

/** Whether to offer "Select all N matching": the whole page is ticked and more orders match than it shows. */
export const offersAllMatching = (selection: OrderSelection, pageRows: readonly Order[], totalMatching: number) =>
  !selection.allMatching && pageRows.length > 0 && selection.ids.length === pageRows.length && totalMatching > pageRows.length;

/** How many orders the selection holds. */
export const selectedCount = (selection: OrderSelection, totalMatching: number) => (selection.allMatching ? totalMatching : selection.ids.length);

/** The /orders filters of a view (not its page, size or sort). */
export function filterOfView(query: OrdersQuery) {
  const { page: _page, size: _size, sort: _sort, ...filter } = query;
  return filter;
}

/** What "Download reports" bundles for this selection. */
export function bundleScopeOf(selection: OrderSelection, query: OrdersQuery, pageRows: readonly Order[], totalMatching: number): BundleScope {
  if (!selection.allMatching) {
    const ids = new Set(selection.ids);
    return { kind: 'orders', orders: pageRows.filter((order) => ids.has(order.id)) };
  }
  const count = new Intl.NumberFormat().format(totalMatching);
  const filter = filterOfView(query);
  const filtered = Object.values(filter).some((value) => value !== undefined);
  return { kind: 'filter', filter, description: filtered ? `the ${count} orders matching your filters` : `all ${count} orders of your company` };
}
