// Words of the downloads list: what a bundle holds, its status, and times both ways (relative to
// now, and exact).
import type { Download, DownloadStatus } from '@clearlane/contract/downloads';

const integer = new Intl.NumberFormat();
export const exactTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export const STATUS_LABELS: Record<DownloadStatus, string> = { Processing: 'Preparing', Complete: 'Ready', Failed: 'Failed', Expired: 'Expired' };
export const STATUS_COLORS: Record<DownloadStatus, string> = { Processing: 'lane.7', Complete: 'teal.9', Failed: 'red.8', Expired: 'gray.7' };

/** "25 MVR reports". */
export const reportCount = (n: number) => `${integer.format(n)} MVR ${n === 1 ? 'report' : 'reports'}`;

/** The kind of file, in the words of the dialog that asked for it. */
export function fileKindOf(download: Pick<Download, 'mergeIntoSingleReport' | 'textOnly'>): string {
  if (download.textOnly) return download.mergeIntoSingleReport ? 'condensed text, one file' : 'zip of condensed texts';
  return download.mergeIntoSingleReport ? 'one PDF with contents' : 'zip of PDFs with a manifest';
}

/** "12 of 25 reports". */
export const progressText = ({ done, total }: Download['progress']) => `${integer.format(done)} of ${integer.format(total)} ${total === 1 ? 'report' : 'reports'}`;

export const percentOf = ({ done, total }: Download['progress']) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "in 7 days", "just now": the largest whole unit. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return seconds < 0 ? 'just now' : 'in a moment';
}
