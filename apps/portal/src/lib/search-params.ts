// Search params as the router reads them. TanStack's default reads every value as JSON, so a
// hand-written or shared ?filter=12345678 arrives as the number 12345678 (and ?filter=true as a
// boolean). UI-free: the route configs that use it land in the entry chunk.
import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { textField } from './search-schema.ts';

/**
 * JSON as the default parser reads it, except a number that would not read back as typed
 * (?filter=1e3, ?filter=1.50, a 20-digit number past float precision): that stays the text typed.
 */
function parseValue(value: string): unknown {
  const parsed: unknown = JSON.parse(value);
  if (typeof parsed === 'number' && String(parsed) !== value) throw new SyntaxError('not a number as written');
  return parsed;
}

/** The router's search (de)serialisers: the same parser both ways, so what the app writes reads back the same. */
export const parseSearch = parseSearchWith(parseValue);
export const stringifySearch = stringifySearchWith(JSON.stringify, parseValue);

/**
 * A free-text param (a search, a tag) of at most `max` characters: a value the router read as a
 * number or a boolean is taken back as the text of the URL, so digits still search as digits.
 */
export const searchText = (max: number) => textField(max);
