// The comparison page's selection as a search param (?dot=1234562,1234570), so a comparison is a
// URL. UI-free and library-free: the route config that imports this lands in the entry chunk.
import { searchSchema, type SearchField, type SearchOfSchema } from '../../lib/search-schema.ts';

/** A USDOT number: 1 to 8 digits (DOT_NUMBER_PATTERN of the contract, spelled out: it builds zod schemas at load). */
export const DOT_NUMBER = /^\d{1,8}$/;

/** The most carriers one comparison shows side by side. */
export const MAX_COMPARED = 6;

/** The DOT numbers of a comma-separated list: anything else dropped, repeats once, at most MAX_COMPARED. */
export const dotListOf = (text: string | undefined): string[] =>
  [...new Set((text ?? '').split(',').map((part) => part.trim()).filter((part) => DOT_NUMBER.test(part)))].slice(0, MAX_COMPARED);

/** ?dot=: the carriers, comma-separated (the router reads a lone number as a number: taken back as its digits). */
export const dotListField: SearchField<string> = (value) => {
  const text = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : typeof value === 'string' ? value : undefined;
  const dots = dotListOf(text);
  return dots.length > 0 ? dots.join(',') : undefined;
};

export const dotQualitySearchSchema = searchSchema({ dot: dotListField });
export type DotQualitySearch = SearchOfSchema<typeof dotQualitySearchSchema>;

/** The search of a selection of carriers. */
export const dotSearchOf = (dots: readonly string[]): DotQualitySearch => ({ dot: dots.length > 0 ? dots.slice(0, MAX_COMPARED).join(',') : undefined });
