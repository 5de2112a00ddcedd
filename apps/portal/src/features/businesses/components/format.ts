// How business pages write values: EINs as 12-3456789, "added" as a date in the reader's locale.
import { formatEin } from '@clearlane/contract/domain/identifiers';

export const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "123456789" or "12-3456789" → "12-3456789"; anything else as it is. */
export const einOf = (ein: string) => (/^\d{2}-?\d{7}$/.test(ein) ? formatEin(ein) : ein);
