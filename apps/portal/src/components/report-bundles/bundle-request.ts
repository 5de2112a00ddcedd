// What a "Download reports" choice sends: the orders (named, or the /orders filters they match) and
// the file wanted. Pure, so the mapping from a selection to the request body is tested alone.
import type { GenerateDownloadBody } from '@clearlane/contract/downloads';
import type { Order } from '@clearlane/contract/orders';
import { isBundleable, type OrderSelectionFilter } from '../../lib/entities/downloads/bundleable-orders.ts';

/** The three files a bundle can be, as the dialog offers them, and the flags each one sends. */
export const BUNDLE_FORMATS = {
  merged: {
    label: 'One PDF',
    /** How a sentence names the file ("25 reports as one PDF"). */
    asFile: 'one PDF',
    description: 'Every report in one PDF, with a contents page and a bookmark per report: one document to print or file.',
    mergeIntoSingleReport: true,
    textOnly: false,
  },
  zip: {
    label: 'A zip of PDFs',
    asFile: 'a zip of PDFs',
    description: 'One PDF per order, with manifest.csv naming each order, its subject, its file and the file’s SHA-256.',
    mergeIntoSingleReport: false,
    textOnly: false,
  },
  text: {
    label: 'Condensed text only',
    asFile: 'condensed text',
    description: 'The condensed text of every report (violations and DMV actions first) in one small text file.',
    mergeIntoSingleReport: true,
    textOnly: true,
  },
} as const;
export type BundleFormat = keyof typeof BUNDLE_FORMATS;
export const BUNDLE_FORMAT_KINDS = Object.keys(BUNDLE_FORMATS) as BundleFormat[];

/** An order as a selection holds it: enough to count it and to name it in a refusal. */
export type SelectedOrder = Pick<Order, 'id' | 'type' | 'status' | 'subjectLabel'>;

/**
 * What the user chose to bundle: rows picked one by one (or a page of them), or every order
 * matching a set of /orders filters (all matching the list's filters, a report group, a driver).
 */
export type BundleScope =
  | { kind: 'orders'; orders: SelectedOrder[] }
  | {
      kind: 'filter';
      filter: OrderSelectionFilter;
      /** How the dialog names the orders: "every order matching your filters", "the report group “May hires”". */
      description: string;
    };

/** The orders part of the body: named orders, or the filters they match. */
export type BundleTarget = { mvrOrders: string[] } | { orderFilter: NonNullable<GenerateDownloadBody['orderFilter']> };

/**
 * The filters as `orderFilter` takes them: the type as the list has it (the server keeps its MVR
 * types), no status (the server takes complete orders; any other status counts none and sends
 * nothing), nothing empty.
 */
export function orderFilterOf(filter: OrderSelectionFilter): NonNullable<GenerateDownloadBody['orderFilter']> {
  const { status: _status, ...rest } = filter;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== '')) as NonNullable<GenerateDownloadBody['orderFilter']>;
}

/** The orders of a selection that can be bundled (rows only; filters are counted by the server). */
export const bundleableOrdersOf = (orders: readonly SelectedOrder[]) => orders.filter(isBundleable);

export function bundleTargetOf(scope: BundleScope): BundleTarget {
  if (scope.kind === 'orders') return { mvrOrders: bundleableOrdersOf(scope.orders).map((order) => order.id) };
  return { orderFilter: orderFilterOf(scope.filter) };
}

/** The request body of a target in the file chosen. */
export function bundleRequestOf(target: BundleTarget, format: BundleFormat): GenerateDownloadBody {
  const { mergeIntoSingleReport, textOnly } = BUNDLE_FORMATS[format];
  return { ...target, mergeIntoSingleReport, textOnly };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ONE_UUID = /\s*\(?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\)?/i;

/** One refused order: its id, and why (the server's words, its id taken out), when said. */
export interface OrderRefusal {
  id: string;
  reason?: string;
}

/**
 * The refused orders of a problem: each field error that names an order ("is not complete: it is
 * Ordered (id)") with its reason, then any other id the problem names.
 */
export function orderRefusalsOf(problem: Record<string, unknown>): OrderRefusal[] {
  const errors = Array.isArray(problem.errors) ? (problem.errors as { message?: unknown }[]) : [];
  const explained = errors.flatMap((error) => {
    const message = typeof error.message === 'string' ? error.message : '';
    const id = message.match(ONE_UUID)?.[0].replace(/[\s()]/g, '').toLowerCase();
    return id ? [{ id, reason: message.replace(ONE_UUID, '').trim() }] : [];
  });
  const named = new Set(explained.map((refusal) => refusal.id));
  return [...explained, ...refusedOrderIds(problem).filter((id) => !named.has(id)).map((id) => ({ id }))];
}

/**
 * The order ids a refusal names, wherever the problem puts them (its detail, its field errors, or a
 * list of its own), each once, in the order given.
 */
export function refusedOrderIds(problem: Record<string, unknown>): string[] {
  // `instance` is the request's path, not something the server refused.
  const { instance: _instance, ...said } = problem;
  const text = JSON.stringify(said);
  return [...new Set((text.match(UUID) ?? []).map((id) => id.toLowerCase()))];
}
