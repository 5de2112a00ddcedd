// Search params of the order forms: the subject to fill in, as the driver and business pages link
// here (?personId=…, ?businessId=…), and the order to place again (?retryOf=…, from an order that
// failed or ended in an error: the form is filled in with that order's input).
// UI-free and on zod/mini: route config lands in the entry chunk.
import * as z from 'zod/mini';

// A malformed id in a hand-edited URL is ignored (the form starts empty) rather than failing the page.
const optionalUuid = z.catch(z.optional(z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))), undefined);

export const retryOrderSearchSchema = z.object({ retryOf: optionalUuid });
export type RetryOrderSearch = z.infer<typeof retryOrderSearchSchema>;

export const personOrderSearchSchema = z.object({ personId: optionalUuid, retryOf: optionalUuid });
export type PersonOrderSearch = z.infer<typeof personOrderSearchSchema>;

export const businessOrderSearchSchema = z.object({ businessId: optionalUuid, retryOf: optionalUuid });
export type BusinessOrderSearch = z.infer<typeof businessOrderSearchSchema>;
