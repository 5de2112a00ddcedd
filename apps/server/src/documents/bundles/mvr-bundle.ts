// Report bundles (issue 10): many MVR reports as one file, written as a stream into any Writable
// (the download job pipes it into the file store). Three shapes:
//  - merged PDF (mergeIntoSingleReport, not textOnly): contents page, bookmarks, every report in the
//    standard format (merged-pdf.ts);
//  - merged text (mergeIntoSingleReport and textOnly): contents list, every condensed text (merged-text.ts);
//  - zip (not merged): one PDF or text per report and manifest.csv (report-zip.ts).
// Each reads its entries from `entries()` as the caller streams them out of the database, and holds
// a few hundred bytes per report at most, so memory stays bounded however many reports.
import type { Writable } from 'node:stream';
import type { MvrReportInput } from '../mvr-report.ts';
import { writeMergedPdf } from './merged-pdf.ts';
import { writeMergedText } from './merged-text.ts';
import { writeReportZip } from './report-zip.ts';

export interface MvrBundleOptions {
  mergeIntoSingleReport: boolean;
  textOnly: boolean;
  companyName: string;
  generatedAt: Date;
  /**
   * How many entries `entries()` yields (contents page, progress). The caller's figure, for its
   * progress (done of total); the contents are built from what `entries()` actually yields.
   */
  total: number;
  /**
   * Called as orders are written (done = orders written so far); awaited. A merged PDF goes over
   * its orders twice (layout, then writing), so there each pass counts for half: done still ends at
   * the number of orders, and the bar moves through both passes.
   */
  onProgress?: (done: number) => void | Promise<void>;
}

export interface MvrBundleFile {
  contentType: 'application/pdf' | 'application/zip' | 'text/plain; charset=utf-8';
  extension: 'pdf' | 'zip' | 'txt';
}

/** What the file will be, known before it is built (the download record names it at once). */
export function mvrBundleFile(options: Pick<MvrBundleOptions, 'mergeIntoSingleReport' | 'textOnly'>): MvrBundleFile {
  if (!options.mergeIntoSingleReport) return { contentType: 'application/zip', extension: 'zip' };
  return options.textOnly ? { contentType: 'text/plain; charset=utf-8', extension: 'txt' } : { contentType: 'application/pdf', extension: 'pdf' };
}

/**
 * Streams the bundle into `out` and ends it. `entries` may be called more than once (e.g. a first
 * pass to count pages); each call yields the same entries in the same order, read from the database
 * in batches by the caller. On failure `out` is destroyed with the error (so a store reading it
 * keeps nothing) and the promise rejects with it.
 */
export async function writeMvrBundle(entries: () => AsyncIterable<MvrReportInput>, options: MvrBundleOptions, out: Writable): Promise<void> {
  try {
    if (!options.mergeIntoSingleReport) await writeReportZip(entries, options, out);
    else if (options.textOnly) await writeMergedText(entries, options, out);
    else await writeMergedPdf(entries, options, out);
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
