// Report bundles (issue 10; SPEC.md §7 "Orders": /orders/download…). A bundle is its own record,
// a Download: it carries `mvrOrders`, the MVR orders it holds (SPEC.md §3 names the field), and
// one file built by a durable job: a merged PDF, or a zip of one PDF (or text) per order.
import { z } from 'zod';
import { OrderListFilterSchema } from './orders.ts';
import { pageOf } from './pagination.ts';

/** The most orders one bundle holds. */
export const MAX_BUNDLE_ORDERS = 5000;

/** Days a built file is kept; a scheduled job removes it afterwards and the download reads Expired. */
export const DOWNLOAD_RETENTION_DAYS = 7;

export const DOWNLOAD_STATUSES = ['Processing', 'Complete', 'Failed', 'Expired'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

/**
 * POST /orders/download/generate-mvr-reports-download. Name the orders (`mvrOrders`, as SPEC.md has
 * it), or give `orderFilter` instead: the company's complete MVR orders that match it, as the
 * /orders list would show them (every order matching the filters, a report group, a driver's MVRs;
 * `type` as the list reads it, so a list of one MVR type bundles that type only; no `status`: only
 * complete orders are bundled). Exactly one of the two. Orders that are not complete MVRs of the company are refused with their ids.
 */
export const GenerateDownloadBodySchema = z
  .object({
    mvrOrders: z
      .array(z.string().uuid())
      .min(1, 'must name at least one order')
      .max(MAX_BUNDLE_ORDERS, `must name at most ${MAX_BUNDLE_ORDERS} orders`)
      .optional()
      .describe('The MVR orders to bundle, in this order'),
    orderFilter: OrderListFilterSchema.omit({ status: true })
      .strict()
      .optional()
      .describe('Instead of mvrOrders: every complete MVR order of the company matching these /orders filters (a `type` narrows them to MVR or MVR_WITH_ADJUDICATION)'),
    mergeIntoSingleReport: z.boolean().describe('One PDF with a contents page and bookmarks; otherwise a zip with manifest.csv'),
    textOnly: z.boolean().describe('The condensed text of each report instead of the PDF'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.mvrOrders === undefined) === (body.orderFilter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['mvrOrders'], message: 'give either mvrOrders or orderFilter, not both or neither' });
    }
  });
export type GenerateDownloadBody = z.infer<typeof GenerateDownloadBodySchema>;

export const DownloadProgressSchema = z.object({
  done: z.number().int().min(0),
  total: z.number().int().min(0),
});

export const DownloadAccessSchema = z.object({
  userId: z.string().uuid(),
  userName: z.string(),
  at: z.string(),
});
export type DownloadAccess = z.infer<typeof DownloadAccessSchema>;

export const DownloadSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(DOWNLOAD_STATUSES),
  progress: DownloadProgressSchema,
  fileName: z.string().describe('e.g. "mvr-reports-2026-11-24-25-orders.pdf"'),
  contentType: z.string().describe('application/pdf, application/zip or text/plain'),
  /** Bytes; null until the file is built. */
  size: z.number().int().nullable(),
  createdAt: z.string(),
  /** When the file is removed (createdAt + DOWNLOAD_RETENTION_DAYS). */
  expiresAt: z.string(),
  completedAt: z.string().nullable(),
  /** GET this (same bearer token or session) to download the file; null unless Complete. */
  url: z.string().nullable(),
  mergeIntoSingleReport: z.boolean(),
  textOnly: z.boolean(),
  orderCount: z.number().int(),
  requestedBy: z.object({ id: z.string().uuid(), name: z.string() }),
  /** Why the build failed, in words a user can act on; null unless Failed. */
  failureReason: z.string().nullable(),
  /** How many times the file was downloaded (each is recorded: who, when). */
  downloadCount: z.number().int(),
});
export type Download = z.infer<typeof DownloadSchema>;

/** GET /orders/download/{id}: the download with the MVR orders it holds and who downloaded it. */
export const DownloadDetailSchema = DownloadSchema.extend({
  mvrOrders: z.array(z.string().uuid()),
  accesses: z.array(DownloadAccessSchema).describe('Newest first, at most the last 50'),
});
export type DownloadDetail = z.infer<typeof DownloadDetailSchema>;

export const DOWNLOAD_SORT_FIELDS = ['createdAt', 'status', 'expiresAt', 'size'] as const;
export type DownloadSortField = (typeof DOWNLOAD_SORT_FIELDS)[number];

/** GET /orders/download: the requester's downloads; Managers and admins (manage Reports) see everyone's. */
export const DownloadPageSchema = pageOf(DownloadSchema);
