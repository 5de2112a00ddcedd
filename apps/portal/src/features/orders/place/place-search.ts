// Search params of the order forms: the subject to fill in, as the driver and business pages link
// here (?personId=…, ?businessId=…). UI-free and on zod/mini: route config lands in the entry chunk.
import * as z from 'zod/mini';

// A malformed id in a hand-edited URL is ignored (the form starts empty) rather than failing the page.
const optionalUuid = z.catch(z.optional(z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))), undefined);

export const personOrderSearchSchema = z.object({ personId: optionalUuid });
export type PersonOrderSearch = z.infer<typeof personOrderSearchSchema>;

export const businessOrderSearchSchema = z.object({ businessId: optionalUuid });
export type BusinessOrderSearch = z.infer<typeof businessOrderSearchSchema>;
