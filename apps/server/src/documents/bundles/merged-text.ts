// The merged text of a bundle: a contents list, then the condensed text of every report
// (renderMvrText), each under a divider that says which report of how many it is. Two passes over
// the entries: the contents list, then the reports; only the contents lines stay in memory.
import type { Writable } from 'node:stream';
import { dateTime } from '../order-document.ts';
import { renderMvrText, type MvrReportInput } from '../mvr-report.ts';
import { endStream, writeChunk } from '../zip-writer.ts';
import { contentsLine, type ContentsLine } from './bundle-entry.ts';
import type { MvrBundleOptions } from './mvr-bundle.ts';

const DIVIDER = '='.repeat(100);

const describe = (line: ContentsLine) => `${line.subject} | order ${line.orderId}${line.outcome ? ` | ${line.outcome}` : ''}`;

export async function writeMergedText(entries: () => AsyncIterable<MvrReportInput>, options: MvrBundleOptions, out: Writable): Promise<void> {
  const contents: ContentsLine[] = [];
  for await (const input of entries()) contents.push(contentsLine(input));
  const width = String(contents.length).length;
  await writeChunk(out, [
    'MVR REPORTS (CONDENSED TEXT)',
    `${options.companyName} | generated ${dateTime(options.generatedAt)} | ${contents.length} reports`,
    '',
    'CONTENTS',
    ...contents.map((line, index) => `${String(index + 1).padStart(width)}. ${describe(line)}`),
    '',
  ].join('\n'));

  let index = 0;
  for await (const input of entries()) {
    index++;
    const heading = `REPORT ${index} OF ${contents.length}: ${describe(contentsLine(input))}`;
    await writeChunk(out, `\n${DIVIDER}\n${heading}\n${DIVIDER}\n\n${renderMvrText(input)}`);
    await options.onProgress?.(index);
  }
  await endStream(out);
}
