// The count under a list: "1–20 of 245 orders", or "1–20 of more than 10,000 orders" when the
// server stopped counting (page meta totalElementsCapped: the count is then a lower bound).
import type { COUNT_CAP } from '@clearlane/contract/pagination';

/** Spelled out rather than imported (the contract's module builds zod schemas at load time); the type keeps it equal. */
export const SHOWN_COUNT_CAP: typeof COUNT_CAP = 10_000;

export interface ListNoun {
  /** "order" */
  one: string;
  /** "orders" */
  other: string;
}

const count = new Intl.NumberFormat('en-US');

export function paginationText({ from, to, total, capped, noun }: { from: number; to: number; total: number; capped?: boolean; noun: ListNoun }): string {
  if (capped) return `${count.format(from)}–${count.format(to)} of more than ${count.format(SHOWN_COUNT_CAP)} ${noun.other}`;
  return `${count.format(from)}–${count.format(to)} of ${count.format(total)} ${total === 1 ? noun.one : noun.other}`;
}
