// From a selection to the request body of POST /orders/download/generate-mvr-reports-download: rows
// send the ids of their complete MVRs, "all matching" sends the list's filters as orderFilter (a view
// narrowed to a type too: the server reads the type as the list does), each of the three files sends its two flags, and a
// refusal's order ids are found wherever the problem names them.
import { describe, expect, it } from 'vitest';
import type { Order } from '@clearlane/contract/orders';
import { GenerateDownloadBodySchema } from '@clearlane/contract/downloads';
import { bundleableQueriesOf, isBundleable } from '../../../src/lib/entities/downloads/bundleable-orders.ts';
import { BUNDLE_FORMAT_KINDS, bundleRequestOf, bundleTargetOf, orderFilterOf, orderRefusalsOf, refusedOrderIds } from '../../../src/components/report-bundles/bundle-request.ts';
import { bundleScopeOf, emptySelection, offersAllMatching, selectedCount, selectionIn, viewKeyOf } from '../../../src/features/orders/order-selection.ts';
import { ordersQueryOf } from '../../../src/features/orders/orders-search.ts';

const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const order = (n: number, type: Order['type'], status: Order['status']) => ({ id: id(n), type, status, subjectLabel: `Driver ${n}` }) as Order;

const page = [
  order(1, 'MVR', 'Complete'),
  order(2, 'MVR_WITH_ADJUDICATION', 'Complete'),
  order(3, 'MVR', 'Ordered'),
  order(4, 'VIN_REPORT', 'Complete'),
  order(5, 'MVR', 'Failed'),
];

describe('what a bundle can hold', () => {
  it('is complete MVRs, with or without adjudication', () => {
    expect(page.filter(isBundleable).map((o) => o.id)).toEqual([id(1), id(2)]);
  });

  it('is counted per MVR type, limited to complete orders, and nothing for another type or an unfinished status', () => {
    expect(bundleableQueriesOf({ tag: 'fleet' })).toEqual([
      { tag: 'fleet', type: 'MVR', status: 'Complete' },
      { tag: 'fleet', type: 'MVR_WITH_ADJUDICATION', status: 'Complete' },
    ]);
    expect(bundleableQueriesOf({ type: 'MVR_WITH_ADJUDICATION', status: 'Complete' })).toEqual([{ type: 'MVR_WITH_ADJUDICATION', status: 'Complete' }]);
    expect(bundleableQueriesOf({ type: 'VIN_REPORT' })).toEqual([]);
    expect(bundleableQueriesOf({ status: 'Ordered' })).toEqual([]);
  });
});

describe('the orders list selection', () => {
  const query = ordersQueryOf({ outcome: 'Fail', tag: 'fleet', from: '2026-01-01' });
  const viewKey = viewKeyOf(query);

  it('sends the ids of the selected rows that are complete MVRs, in the body the contract accepts', () => {
    const selection = { viewKey, ids: [id(1), id(3), id(4), id(2)], allMatching: false };
    const scope = bundleScopeOf(selection, query, page, 250);
    expect(scope).toEqual({ kind: 'orders', orders: [page[0], page[1], page[2], page[3]] });
    const target = bundleTargetOf(scope);
    expect(target).toEqual({ mvrOrders: [id(1), id(2)] });
    const body = bundleRequestOf(target, 'merged');
    expect(body).toEqual({ mvrOrders: [id(1), id(2)], mergeIntoSingleReport: true, textOnly: false });
    expect(GenerateDownloadBodySchema.safeParse(body).success).toBe(true);
  });

  it('offers "all matching" once the whole page is ticked and more match, and then sends the filters', () => {
    const pageTicked = { viewKey, ids: page.map((o) => o.id), allMatching: false };
    expect(offersAllMatching(pageTicked, page, 250)).toBe(true);
    expect(offersAllMatching({ ...pageTicked, ids: [id(1)] }, page, 250)).toBe(false);
    expect(offersAllMatching(pageTicked, page, page.length)).toBe(false);

    const all = { ...pageTicked, allMatching: true };
    expect(selectedCount(all, 250)).toBe(250);
    const scope = bundleScopeOf(all, query, page, 250);
    expect(scope).toEqual({ kind: 'filter', filter: { outcome: 'Fail', tag: 'fleet', from: '2026-01-01' }, description: 'the 250 orders matching your filters' });
    const target = bundleTargetOf(scope);
    expect(target).toEqual({ orderFilter: { outcome: 'Fail', tag: 'fleet', from: '2026-01-01' } });
    const body = bundleRequestOf(target, 'zip');
    expect(body).toEqual({ orderFilter: { outcome: 'Fail', tag: 'fleet', from: '2026-01-01' }, mergeIntoSingleReport: false, textOnly: false });
    expect(GenerateDownloadBodySchema.safeParse(body).success).toBe(true);
  });

  it('keeps the type in orderFilter and drops the status (the server takes complete orders) and empty filters', () => {
    expect(orderFilterOf({ type: 'VIN_REPORT', status: 'Complete', filter: '', reportGroupId: id(9) })).toEqual({ type: 'VIN_REPORT', reportGroupId: id(9) });
    expect(orderFilterOf({ type: ['MVR', 'MVR_WITH_ADJUDICATION'], tag: 'fleet' })).toEqual({ type: ['MVR', 'MVR_WITH_ADJUDICATION'], tag: 'fleet' });
  });

  it('sends "all matching" of a view narrowed to one MVR type as its filters, the type included', () => {
    const oneType = ordersQueryOf({ type: 'MVR', status: 'Complete', tag: 'fleet' });
    const scope = bundleScopeOf({ viewKey: viewKeyOf(oneType), ids: [id(1)], allMatching: true }, oneType, page, 40);
    const target = bundleTargetOf(scope);
    expect(target).toEqual({ orderFilter: { type: 'MVR', tag: 'fleet' } });
    const body = bundleRequestOf(target, 'merged');
    expect(GenerateDownloadBodySchema.safeParse(body).success).toBe(true);
  });

  it('names the whole company when no filter is set', () => {
    expect(bundleScopeOf({ viewKey, ids: [id(1)], allMatching: true }, ordersQueryOf({}), page, 40)).toMatchObject({ description: 'all 40 orders of your company' });
  });

  it('belongs to the view it was made in', () => {
    const selection = { viewKey, ids: [id(1)], allMatching: false };
    expect(selectionIn(selection, viewKey)).toBe(selection);
    expect(selectionIn(selection, viewKeyOf({ ...query, page: 1 }))).toEqual(emptySelection(viewKeyOf({ ...query, page: 1 })));
  });
});

describe('the three files', () => {
  it('send their two flags', () => {
    const flags = BUNDLE_FORMAT_KINDS.map((kind) => {
      const { mergeIntoSingleReport, textOnly } = bundleRequestOf({ mvrOrders: [id(1)] }, kind);
      return [kind, mergeIntoSingleReport, textOnly];
    });
    expect(flags).toEqual([
      ['merged', true, false],
      ['zip', false, false],
      ['text', true, true],
    ]);
  });
});

describe('a refusal', () => {
  it('names the orders wherever the problem lists them, each once, but not the request path', () => {
    expect(
      refusedOrderIds({
        status: 422,
        instance: `/api/v1/orders/download/${id(99)}`,
        detail: `2 orders are not complete MVRs: ${id(3)}, ${id(4).toUpperCase()}`,
        errors: [{ path: 'body.mvrOrders.2', message: `${id(3)} is not complete` }],
        refusedOrderIds: [id(5)],
      }),
    ).toEqual([id(3), id(4), id(5)]);
    expect(refusedOrderIds({ status: 400, detail: 'Invalid input' })).toEqual([]);
  });

  it('reads each field error as an order and its reason, then any other id named', () => {
    expect(
      orderRefusalsOf({
        status: 400,
        detail: '2 of the 3 orders named are not complete MVR orders of your company; nothing was bundled.',
        errors: [
          { path: 'body.mvrOrders.0', message: `is a VIN_REPORT order, not an MVR (${id(4)})` },
          { path: 'body.mvrOrders.2', message: `is not an order of your company (${id(8).toUpperCase()})` },
        ],
        extra: [id(5)],
      }),
    ).toEqual([{ id: id(4), reason: 'is a VIN_REPORT order, not an MVR' }, { id: id(8), reason: 'is not an order of your company' }, { id: id(5) }]);
  });
});
