// The merged PDF of a bundle: a contents page (subject, order, outcome and page of every report, each
// line a link), a bookmark per report, then every report in the standard MVR format, each from a new
// page, drawn by the same function as the single PDF (drawMvrReport).
//
// Memory stays bounded however many reports: pdfkit writes a page out when it is flushed, and each
// report's pages are flushed as soon as its footers are drawn; what stays is about 2 KB per report
// (its contents line; pdfkit's page dictionary, cross-reference offset, bookmark and destination). The contents page comes first and
// names pages that are not written yet, so a first pass lays every report out in a throwaway
// document (uncompressed, its bytes discarded) to learn how many pages each takes; the second pass
// writes, and fails rather than print a wrong contents page should the entries differ.
import type { Writable } from 'node:stream';
import { dateTime } from '../order-document.ts';
import { drawMvrReport, DPPA_NOTE, mvrReportFooters, reportTitle, type MvrReportFormat, type MvrReportInput } from '../mvr-report.ts';
import { createDoc, footers, headerBand, table, TIGHT, type Doc } from '../pdf-kit.ts';
import { drained, endStream, writeChunk } from '../output-stream.ts';
import { bookmarkTitle, contentsLine, counted, type ContentsLine } from './bundle-entry.ts';
import type { MvrBundleOptions } from './mvr-bundle.ts';

/** Reports of a merged PDF are in the standard format, the one a reviewer prints and files. */
export const MERGED_FORMAT: MvrReportFormat = 'MVR_STANDARD_REPORT';

interface LaidOutReport extends ContentsLine {
  pages: number;
}

const destination = (index: number) => `report-${index + 1}`;

function bundleDoc(options: MvrBundleOptions, compress = true) {
  return createDoc(`MVR reports — ${options.companyName}`, `${reportTitle(MERGED_FORMAT)} bundle generated ${dateTime(options.generatedAt)}`, { compress });
}

/**
 * The contents, from the current page on: a header band, then one linked line per report. One line
 * per report whatever its page number, so the placeholder numbers of the first pass lay out the same.
 */
function drawContents(doc: Doc, reports: readonly LaidOutReport[], firstPages: readonly number[], options: MvrBundleOptions, pageCount: number) {
  headerBand(doc, 'MVR reports — contents', [
    { left: options.companyName, right: `Generated ${dateTime(options.generatedAt)}` },
    { left: `${counted(reports.length, 'report')}, ${reportTitle(MERGED_FORMAT)}`, right: counted(pageCount, 'page') },
  ], TIGHT);
  table(doc, [
    { header: '#', width: 0.07, align: 'right' }, { header: 'Subject', width: 0.31 }, { header: 'Order', width: 0.38 },
    { header: 'Outcome', width: 0.12 }, { header: 'Page', width: 0.12, align: 'right' },
  ], reports.map((report, index) => [
    (index + 1).toLocaleString('en-US'), report.subject, report.orderId, report.outcome ?? '—', firstPages[index]!.toLocaleString('en-US'),
  ]), TIGHT, 'No reports.', reports.map((_report, index) => destination(index)));
}

/** The first page of each report, contents first. */
function firstPagesOf(reports: readonly LaidOutReport[], contentsPages: number) {
  let next = contentsPages + 1;
  return reports.map((report) => {
    const first = next;
    next += report.pages;
    return first;
  });
}

/**
 * Hands what the document has written so far to `out` (or drops it). pdfkit pushes its bytes into its
 * own readable buffer as it writes; in flowing mode they would leave it only on a later tick, which
 * a loop of awaits that resolve at once (entries already read, room in `out`) does not give: a
 * whole batch of reports would wait there. Reading them out after each report keeps that buffer empty.
 */
function takeWritten(doc: Doc, out?: Writable) {
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) out?.write(chunk);
}

/** Pass one: how many pages each report and the contents take, in a document whose bytes are dropped. */
async function layOut(entries: () => AsyncIterable<MvrReportInput>, options: MvrBundleOptions) {
  const doc = bundleDoc(options, false);
  const reports: LaidOutReport[] = [];
  for await (const input of entries()) {
    doc.flushPages();
    takeWritten(doc);
    doc.addPage();
    drawMvrReport(doc, input, MERGED_FORMAT);
    reports.push({ ...contentsLine(input), pages: doc.bufferedPageRange().count });
    // Laying out costs about what writing does: each pass counts as half of the progress.
    await options.onProgress?.(Math.floor(reports.length / 2));
  }
  doc.flushPages();
  doc.addPage();
  const pagesOfReports = reports.reduce((sum, report) => sum + report.pages, 0);
  drawContents(doc, reports, firstPagesOf(reports, 0), options, pagesOfReports);
  const contentsPages = doc.bufferedPageRange().count;
  doc.end();
  return { reports, contentsPages, pageCount: contentsPages + pagesOfReports };
}

const changedBetweenPasses = (what: string) => new Error(`The bundle's entries changed while it was written (${what}); build it again.`);

export async function writeMergedPdf(entries: () => AsyncIterable<MvrReportInput>, options: MvrBundleOptions, out: Writable): Promise<void> {
  const { reports, contentsPages, pageCount } = await layOut(entries, options);
  const firstPages = firstPagesOf(reports, contentsPages);

  const doc = bundleDoc(options);

  drawContents(doc, reports, firstPages, options, pageCount);
  if (doc.bufferedPageRange().count !== contentsPages) throw changedBetweenPasses('the contents page');
  footers(doc, DPPA_NOTE, TIGHT, { firstPage: 1, pageCount });
  doc.flushPages();
  takeWritten(doc, out);

  let index = 0;
  for await (const input of entries()) {
    const report = reports[index];
    if (report?.orderId !== input.orderId) throw changedBetweenPasses(`report ${index + 1}`);
    doc.addPage();
    doc.addNamedDestination(destination(index));
    doc.outline.addItem(bookmarkTitle(report));
    drawMvrReport(doc, input, MERGED_FORMAT);
    if (doc.bufferedPageRange().count !== report.pages) throw changedBetweenPasses(`the pages of report ${index + 1}`);
    mvrReportFooters(doc, MERGED_FORMAT, { firstPage: firstPages[index]!, pageCount });
    doc.flushPages();
    takeWritten(doc, out);
    index++;
    await options.onProgress?.(Math.floor((reports.length + index) / 2));
    await drained(out);
  }
  if (index !== reports.length) throw changedBetweenPasses('the number of reports');
  doc.end();
  for await (const chunk of doc) await writeChunk(out, chunk as Buffer);
  await endStream(out);
}
