// Documents the user downloads: fetched as files by the HTTP client (requestFile: token, retries and
// problem errors like every call) and handed to the browser under the server's file name. Report
// documents are downloaded from both the order and the report page, so their fetchers live here.
import { DOCUMENT_LABELS } from '@clearlane/contract/labels';
import { useMutation } from '@tanstack/react-query';
import type { ReportType } from '@clearlane/contract/reports';
import { requestFile, type DownloadedFile } from './http.ts';
import { mutationKeys } from './query-keys.ts';

export type { DownloadedFile };

/** Follows a link as a download under `fileName`, as a click on `<a href download>` would. */
export function clickDownloadLink(href: string, fileName: string, rel = 'noopener'): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = rel;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Hands a fetched file to the browser as a download. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  clickDownloadLink(url, fileName);
  // Revoked a little later rather than at once: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET /api/v1/orders/{id}/mvr/report: the Accept header picks the document (docs/DECISIONS.md):
 * application/pdf the standard or (?format=MVR_CONDENSED_REPORT) condensed PDF, text/plain the
 * condensed text. `name` is the document's name in SPEC.md §3.
 */
export const MVR_REPORT_DOCUMENTS = {
  standard: { name: DOCUMENT_LABELS.mvrStandard, accept: 'application/pdf', format: 'MVR_STANDARD_REPORT', extension: 'pdf' },
  condensed: { name: DOCUMENT_LABELS.mvrCondensed, accept: 'application/pdf', format: 'MVR_CONDENSED_REPORT', extension: 'pdf' },
  text: { name: DOCUMENT_LABELS.mvrCondensedText, accept: 'text/plain', format: undefined, extension: 'txt' },
} as const;
export type MvrReportDocument = keyof typeof MVR_REPORT_DOCUMENTS;
export const MVR_REPORT_DOCUMENT_KINDS = Object.keys(MVR_REPORT_DOCUMENTS) as MvrReportDocument[];

export function fetchMvrReport(orderId: string, document: MvrReportDocument): Promise<DownloadedFile> {
  const { accept, format, extension } = MVR_REPORT_DOCUMENTS[document];
  return requestFile(`/api/v1/orders/${encodeURIComponent(orderId)}/mvr/report`, {
    query: { format },
    accept,
    fallbackFileName: `mvr-${orderId}-${document}.${extension}`,
  });
}

/** Downloads one of an MVR's documents (the report id is the order id) and saves it. */
export const useMvrReportDownload = (orderId: string) =>
  useMutation({
    mutationKey: mutationKeys.orders.downloadMvr(orderId),
    mutationFn: async (document: MvrReportDocument) => {
      const file = await fetchMvrReport(orderId, document);
      saveFile(file);
      return file;
    },
  });

/**
 * The PDF of every other report of an order: GET /api/v1/orders/{id}/{kind}/report with
 * Accept: application/pdf (the same path answers JSON otherwise). `name` is the document's title.
 */
export const REPORT_PDFS = {
  violation: { name: DOCUMENT_LABELS.violation },
  vehicle: { name: DOCUMENT_LABELS.vehicle },
  irr: { name: DOCUMENT_LABELS.personRisk },
  bra: { name: DOCUMENT_LABELS.businessRisk },
} as const;
export type ReportPdfKind = keyof typeof REPORT_PDFS;

/** Which document a report of each type has (a driver activity report has none yet). */
export const REPORT_PDF_OF_REPORT_TYPE: Partial<Record<ReportType, ReportPdfKind>> = {
  MotorVehicleRecord: 'violation',
  VehicleReport: 'vehicle',
  PersonRiskAssessment: 'irr',
  BusinessRiskAssessment: 'bra',
};

export function fetchReportPdf(orderId: string, kind: ReportPdfKind): Promise<DownloadedFile> {
  return requestFile(`/api/v1/orders/${encodeURIComponent(orderId)}/${kind}/report`, { accept: 'application/pdf', fallbackFileName: `${kind}-report-${orderId}.pdf` });
}

/** Downloads the PDF of an order's report and saves it. */
export const useReportPdfDownload = (orderId: string, kind: ReportPdfKind) =>
  useMutation({
    mutationKey: mutationKeys.orders.downloadReport(orderId, kind),
    mutationFn: async () => {
      const file = await fetchReportPdf(orderId, kind);
      saveFile(file);
      return file;
    },
  });
