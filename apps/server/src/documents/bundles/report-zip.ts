// The zip of a bundle: one file per report (the standard MVR PDF, or the condensed text), named
// Last-First-<order id tail>, then manifest.csv: order, subject, file and the SHA-256 of the file,
// so a recipient can check each file against the list. Entries are written as they are rendered;
// only the manifest's lines and the central directory (a few hundred bytes per report) stay in memory.
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { toCsv, UTF8_BOM } from '../csv.ts';
import { renderMvrPdf, renderMvrText, type MvrReportInput } from '../mvr-report.ts';
import { StreamedZip } from '../zip-writer.ts';
import { contentsLine, EntryFileNames } from './bundle-entry.ts';
import { MERGED_FORMAT } from './merged-pdf.ts';
import type { MvrBundleOptions } from './mvr-bundle.ts';

export const MANIFEST_NAME = 'manifest.csv';
export const MANIFEST_HEADER = ['order', 'subject', 'file', 'sha256'];

async function reportFile(input: MvrReportInput, textOnly: boolean): Promise<Buffer> {
  return textOnly ? Buffer.from(renderMvrText(input), 'utf8') : renderMvrPdf(input, MERGED_FORMAT);
}

export async function writeReportZip(entries: () => AsyncIterable<MvrReportInput>, options: MvrBundleOptions, out: Writable): Promise<void> {
  const zip = new StreamedZip(out, options.generatedAt);
  const names = new EntryFileNames(options.textOnly ? 'txt' : 'pdf');
  const manifest = [MANIFEST_HEADER];
  for await (const input of entries()) {
    const name = names.next(input);
    const data = await reportFile(input, options.textOnly);
    await zip.add({ name, data });
    manifest.push([input.orderId, contentsLine(input).subject, name, createHash('sha256').update(data).digest('hex')]);
    await options.onProgress?.(zip.entryCount);
  }
  await zip.add({ name: MANIFEST_NAME, data: Buffer.from(UTF8_BOM + toCsv(manifest), 'utf8') });
  await zip.finish();
}
