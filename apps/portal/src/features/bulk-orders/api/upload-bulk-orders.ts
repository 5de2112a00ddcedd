// POST /api/v1/orders with a sheet (multipart field "file"): one MVR order per row, all or none.
// 201 answers the report group the orders went into; 422 BulkSheetInvalid lists every row error.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BULK_ORDER_FILE_FIELD, type BulkOrderResult, type BulkRowError } from '@clearlane/contract/bulk-orders';
import { ApiError, api, type UploadProgress } from '../../../lib/http.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';

export interface BulkUploadOptions {
  isAutoAdjudicated: boolean;
  /** The ruleset that judges the orders; only sent with isAutoAdjudicated. */
  ruleNamespace?: string;
}

/** The row errors of a refused sheet, when the refusal is one (422 BulkSheetInvalid). */
export interface SheetRejection {
  rowErrors: BulkRowError[];
  rowErrorCount: number;
  message: string;
}

export function sheetRejectionOf(error: unknown): SheetRejection | null {
  if (!(error instanceof ApiError) || error.code !== 'BulkSheetInvalid') return null;
  const extra = error.problem as { rowErrors?: BulkRowError[]; rowErrorCount?: number };
  const rowErrors = Array.isArray(extra.rowErrors) ? extra.rowErrors : [];
  return { rowErrors, rowErrorCount: typeof extra.rowErrorCount === 'number' ? extra.rowErrorCount : rowErrors.length, message: error.message };
}

export function uploadBulkOrders(file: File, options: BulkUploadOptions, onProgress?: (progress: UploadProgress) => void, signal?: AbortSignal) {
  const body = new FormData();
  body.append(BULK_ORDER_FILE_FIELD, file, file.name);
  const query = options.isAutoAdjudicated ? { isAutoAdjudicated: 'true', ruleNamespace: options.ruleNamespace } : { isAutoAdjudicated: 'false' };
  return api.upload<BulkOrderResult>('/api/v1/orders', body, { query, onProgress, signal });
}

export const useUploadBulkOrders = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.orders.uploadSheet,
    mutationFn: ({ file, options, onProgress, signal }: { file: File; options: BulkUploadOptions; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal }) =>
      uploadBulkOrders(file, options, onProgress, signal),
    // New orders: every cached order list and report list is out of date.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }), queryClient.invalidateQueries({ queryKey: queryKeys.reports.all })]),
  });
};
