// Search params of the order forms: the subject to fill in, as the driver and business pages link
// here (?personId=…, ?businessId=…), and the order to place again (?retryOf=…, from an order that
// failed or ended in an error: the form is filled in with that order's input).
// UI-free and library-free: route config lands in the entry chunk.
import { searchSchema, uuidField, type SearchOfSchema } from '../../../lib/search-schema.ts';

// A malformed id in a hand-edited URL is ignored (the form starts empty) rather than failing the page.
export const retryOrderSearchSchema = searchSchema({ retryOf: uuidField });
export type RetryOrderSearch = SearchOfSchema<typeof retryOrderSearchSchema>;

export const personOrderSearchSchema = searchSchema({ personId: uuidField, retryOf: uuidField });
export type PersonOrderSearch = SearchOfSchema<typeof personOrderSearchSchema>;

export const businessOrderSearchSchema = searchSchema({ businessId: uuidField, retryOf: uuidField });
export type BusinessOrderSearch = SearchOfSchema<typeof businessOrderSearchSchema>;
