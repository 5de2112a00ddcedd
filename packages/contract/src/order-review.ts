// Reviewing an order (issue 13): the company's own list of sub-statuses (GET|PUT
// /company/me/sub-statuses, picked from by PATCH /orders/{id}/status) and the FCRA adverse action
// of an order (15 U.S.C. §1681b(b)(3) pre-adverse action notice, a waiting period, §1681m(a) final
// notice), GET /orders/{id}/adverse-action and its three steps. docs/DECISIONS.md "Sub-status,
// adverse action and needs review (issue 13)".
import { z } from 'zod';
import type { OrderType } from './orders.ts';

/** A company that never saved its list picks from these. */
export const DEFAULT_SUB_STATUSES = ['Under review', 'Awaiting driver', 'Escalated', 'Cleared', 'Adverse action started'] as const;

export const MAX_SUB_STATUSES = 20;

/** One sub-status as an order carries it and as the company's list names it. */
export const SubStatusLabelSchema = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');

const sameLabel = (label: string) => label.toLocaleLowerCase('en-US');

export const SubStatusListSchema = z.object({
  subStatuses: z
    .array(SubStatusLabelSchema)
    .min(1, 'must name at least one sub-status')
    .max(MAX_SUB_STATUSES, `must name at most ${MAX_SUB_STATUSES} sub-statuses`)
    .superRefine((labels, context) => {
      const seen = new Set<string>();
      labels.forEach((label, index) => {
        if (seen.has(sameLabel(label))) context.addIssue({ code: 'custom', path: [index], message: `repeats "${label}"` });
        seen.add(sameLabel(label));
      });
    })
    .describe('The sub-statuses a reviewer picks from, in the order the portal lists them'),
});
export type SubStatusList = z.infer<typeof SubStatusListSchema>;

/** The company's label that is `label` (in any case), or undefined when the list has none. */
export const findSubStatus = (list: readonly string[], label: string) => list.find((entry) => sameLabel(entry) === sameLabel(label.trim()));

// --- adverse action (FCRA) ---

/**
 * Business days between the pre-adverse action notice and the final notice. The FCRA names no
 * period; five business days is the FTC staff's long-standing "reasonable" reading (Weisberg
 * letter, 1998) and what employers use. Business days are Monday to Friday (UTC calendar dates).
 */
export const ADVERSE_ACTION_WAITING_BUSINESS_DAYS = 5;

/** Orders whose report is a consumer report on a person: an MVR or a person risk assessment. */
export const ADVERSE_ACTION_ORDER_TYPES = ['MVR', 'MVR_WITH_ADJUDICATION', 'PERSON_RISK_ASSESSMENT'] as const satisfies readonly OrderType[];

/** Whether adverse action can be taken on an order: a completed consumer report on a person. */
export const adverseActionApplies = (order: { type: OrderType; status: string }) =>
  (ADVERSE_ACTION_ORDER_TYPES as readonly OrderType[]).includes(order.type) && order.status === 'Complete';

/** The sub-status each step gives the order (whatever the company's list says). */
export const ADVERSE_ACTION_SUB_STATUSES = {
  PRE_ADVERSE_NOTICE_SENT: 'Adverse action started',
  FINAL_NOTICE_SENT: 'Adverse action taken',
  CANCELLED: 'Cleared',
} as const;

export const ADVERSE_ACTION_STATUSES = ['NOT_STARTED', 'PRE_ADVERSE_NOTICE_SENT', 'FINAL_NOTICE_SENT', 'CANCELLED'] as const;
export type AdverseActionStatus = (typeof ADVERSE_ACTION_STATUSES)[number];

export const NOTICE_DELIVERY_METHODS = { MAIL: 'By mail', EMAIL: 'By email', IN_PERSON: 'In person' } as const;
export type NoticeDeliveryMethod = keyof typeof NOTICE_DELIVERY_METHODS;
const DeliveryMethodSchema = z.enum(Object.keys(NOTICE_DELIVERY_METHODS) as [NoticeDeliveryMethod, ...NoticeDeliveryMethod[]], {
  error: `must be one of ${Object.keys(NOTICE_DELIVERY_METHODS).join(', ')}`,
});

const NotesSchema = z.string().trim().max(2000, 'must be at most 2000 characters').nullish();

/** yyyy-mm-dd of a UTC day. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The UTC calendar date `days` business days (Monday to Friday) after `from`'s date. */
export function addBusinessDays(from: Date, days: number): string {
  const day = new Date(`${isoDay(from)}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return isoDay(day);
}

/** The first day the final notice may be given after a pre-adverse action notice given `noticeAt`. */
export const finalNoticeAllowedOn = (noticeAt: Date) => addBusinessDays(noticeAt, ADVERSE_ACTION_WAITING_BUSINESS_DAYS);

/** Whether `now`'s UTC date has reached `allowedOn` (yyyy-mm-dd). */
export const waitingPeriodOver = (allowedOn: string, now: Date) => isoDay(now) >= allowedOn;

export const PreAdverseNoticeBodySchema = z.object({
  deliveryMethod: DeliveryMethodSchema.describe('How the notice went to the subject'),
  reportCopySent: z.literal(true, { error: 'must be confirmed: a copy of the report goes with the notice (15 U.S.C. §1681b(b)(3)(A)(i))' }),
  summaryOfRightsSent: z.literal(true, { error: 'must be confirmed: "A Summary of Your Rights Under the FCRA" goes with the notice (§1681b(b)(3)(A)(ii))' }),
  notes: NotesSchema,
});
export type PreAdverseNoticeBody = z.infer<typeof PreAdverseNoticeBodySchema>;

export const FinalNoticeBodySchema = z.object({
  deliveryMethod: DeliveryMethodSchema.describe('How the notice went to the subject'),
  notes: NotesSchema,
});
export type FinalNoticeBody = z.infer<typeof FinalNoticeBodySchema>;

export const CancelAdverseActionBodySchema = z.object({ notes: NotesSchema });
export type CancelAdverseActionBody = z.infer<typeof CancelAdverseActionBodySchema>;

export const AdverseActionSchema = z.object({
  orderId: z.string().uuid(),
  status: z.enum(ADVERSE_ACTION_STATUSES),
  waitingBusinessDays: z.number().int().describe('ADVERSE_ACTION_WAITING_BUSINESS_DAYS'),
  preAdverseNoticeAt: z.string().nullable(),
  preAdverseDeliveryMethod: DeliveryMethodSchema.nullable(),
  finalNoticeAllowedOn: z.string().nullable().describe('yyyy-mm-dd (UTC): the final notice is refused before this day'),
  finalNoticeAt: z.string().nullable(),
  finalDeliveryMethod: DeliveryMethodSchema.nullable(),
  cancelledAt: z.string().nullable(),
});
export type AdverseAction = z.infer<typeof AdverseActionSchema>;
