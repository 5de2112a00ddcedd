import { createHash } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET } from '@clearlane/contract';
import { adjudicate } from '../../src/adjudication/evaluate.ts';
import { mvrBundleFile, writeMvrBundle, type MvrBundleOptions } from '../../src/documents/bundles/mvr-bundle.ts';
import { renderMvrPdf, renderMvrText, type MvrReportInput } from '../../src/documents/mvr-report.ts';
import { StreamedZip, storedZip } from '../../src/documents/zip-writer.ts';
import { buildRecord, type SandboxScenario } from '../../src/providers/mvr/sandbox-mvr-provider.ts';
import { readPdf, readPdfOutline } from '../pdf-reader.ts';
import { readZip } from '../zip-reader.ts';

const orderedAt = new Date('2026-11-20T09:30:00Z');
const generatedAt = new Date('2026-11-24T02:00:00Z');
const scenarios: SandboxScenario[] = ['CLEAN', 'MULTIPLE_MOVING_VIOLATIONS', 'SUSPENDED_LICENCE', 'NO_RECORD_FOUND', 'MAJOR_VIOLATION'];

/** An order id as the server makes them (UUIDv7-like: the same time prefix for a batch, a distinct tail). */
const orderId = (index: number, tail = index) => `019ab3c2-7d10-7000-8000-${String(tail).padStart(12, '0')}`;

interface Person {
  firstName: string;
  lastName: string;
}

function report(index: number, person: Person, options: { violations?: number; adjudicated?: boolean; tail?: number } = {}): MvrReportInput {
  const record = buildRecord(scenarios[index % scenarios.length]!, {
    idempotencyKey: `bundle-${index}`, state: 'CA', licenceNumber: `D${1_000_000 + index}`, ...person,
    dateOfBirth: '1988-04-12', permissiblePurpose: 'EMPLOYMENT', requestedAt: orderedAt,
  });
  // A long record (many violations) runs over several pages, as the worst drivers' records do.
  const extra = Array.from({ length: options.violations ?? 0 }, (_, n) => ({ ...record.violations[0]!, date: `2024-01-${String((n % 28) + 1).padStart(2, '0')}`, description: `Speeding ${n + 1}` }));
  const long = { ...record, violations: [...record.violations, ...extra] };
  return {
    companyName: 'Acme Logistics', orderId: orderId(index, options.tail), orderedAt, orderedBy: 'Aggie Agent', permissiblePurpose: 'Employment',
    record: long, adjudication: options.adjudicated === false ? null : adjudicate(long, DEFAULT_RULESET),
  };
}

const listOf = (inputs: MvrReportInput[]) => async function* entries() {
  yield* inputs;
};

/** Writes the bundle into memory; returns its bytes and the progress it reported. */
async function bundle(inputs: MvrReportInput[], choice: Pick<MvrBundleOptions, 'mergeIntoSingleReport' | 'textOnly'>) {
  const chunks: Buffer[] = [];
  const progress: number[] = [];
  // A small buffer, so that backpressure is exercised all along.
  const out = new Writable({ highWaterMark: 1024, write: (chunk: Buffer, _encoding, done) => setImmediate(() => { chunks.push(chunk); done(); }) });
  await writeMvrBundle(listOf(inputs), { ...choice, companyName: 'Acme Logistics', generatedAt, total: inputs.length, onProgress: (done) => { progress.push(done); } }, out);
  expect(out.writableFinished).toBe(true);
  return { bytes: Buffer.concat(chunks), progress };
}

const counting = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const pagesOf = async (input: MvrReportInput) => readPdf(await renderMvrPdf(input, 'MVR_STANDARD_REPORT')).pages;
const csvRows = (csv: string) => csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));

describe('MVR report bundles', () => {
  it('names each kind of file before it is built', () => {
    expect(mvrBundleFile({ mergeIntoSingleReport: true, textOnly: false })).toEqual({ contentType: 'application/pdf', extension: 'pdf' });
    expect(mvrBundleFile({ mergeIntoSingleReport: true, textOnly: true })).toEqual({ contentType: 'text/plain; charset=utf-8', extension: 'txt' });
    expect(mvrBundleFile({ mergeIntoSingleReport: false, textOnly: false })).toEqual({ contentType: 'application/zip', extension: 'zip' });
    expect(mvrBundleFile({ mergeIntoSingleReport: false, textOnly: true })).toEqual({ contentType: 'application/zip', extension: 'zip' });
  });

  it('merges reports into one PDF with a contents page, bookmarks and the pages the contents name', async () => {
    // 60 reports: the contents run over two pages; reports 3 and 40 run over several.
    const inputs = Array.from({ length: 60 }, (_, index) =>
      report(index, { firstName: 'Dana', lastName: `Driver${index + 1}` }, { violations: index === 2 || index === 39 ? 70 : 0, adjudicated: index % 3 !== 0 }));
    const { bytes, progress } = await bundle(inputs, { mergeIntoSingleReport: true, textOnly: false });
    // Two passes over 60 orders, each half of the progress: 0, 1, 1, 2, … 30 while laying out, then on to 60.
    expect(progress).toEqual([...counting(120)].map((step) => Math.floor(step / 2)));

    const shortPages = await pagesOf(inputs[0]!);
    const longPages = await pagesOf(inputs[2]!);
    expect(longPages).toBeGreaterThan(1);
    const reportPages = inputs.map((_input, index) => (index === 2 || index === 39 ? longPages : shortPages));
    const { pages, text } = readPdf(bytes);
    const pageTexts = text.split('\f');
    const contentsPages = pages - reportPages.reduce((sum, n) => sum + n, 0);
    expect(contentsPages).toBe(2);

    // Every report starts on a new page, the one its bookmark and its contents line name.
    const outline = readPdfOutline(bytes);
    expect(outline).toHaveLength(60);
    let first = contentsPages + 1;
    inputs.forEach((input, index) => {
      const subject = `Dana Driver${index + 1}`;
      const outcome = input.adjudication?.outcome;
      expect(outline[index]).toEqual({ title: `${subject} · order ${String(index).padStart(8, '0')}${outcome ? ` · ${outcome}` : ''}`, page: first });
      const line = new RegExp(`^\\s*${index + 1}\\s+${subject}\\s+${input.orderId}\\s+${outcome ?? '—'}\\s+${first}\\s*$`, 'm');
      expect(pageTexts.slice(0, contentsPages).join('\n')).toMatch(line);
      const opening = pageTexts[first - 1]!;
      expect(opening).toContain('Full MVR Report (Standard)');
      expect(opening).toContain(`Order ${input.orderId}`);
      // The report's own "Page i of n", as on the report alone, and the bundle's page number.
      expect(opening).toContain(`Page 1 of ${reportPages[index]}`);
      expect(opening).toContain(`Bundle page ${first} of ${pages}`);
      first += reportPages[index]!;
    });
    expect(pageTexts[0]).toContain('MVR reports — contents');
    expect(pageTexts[0]).toContain('60 reports, Full MVR Report (Standard)');
    expect(pageTexts[0]).toContain(`${pages} pages`);
    expect(pageTexts[1]).toContain('Page 2 of 2');
    expect(pageTexts[5]).toContain(`Page 2 of ${longPages}`); // report 3 (pages 5 on) continues on page 6
  });

  it('zips one PDF per report with a manifest whose SHA-256 match, under unique safe names', async () => {
    const inputs = [
      report(0, { firstName: 'Aïsha', lastName: 'Khan' }),
      report(1, { firstName: 'José', lastName: "O'Brien / Núñez" }),
      // The same person twice with order ids of the same tail: the second name gets "-2".
      report(2, { firstName: 'Aïsha', lastName: 'Khan' }, { tail: 0 }),
      // A subject that a spreadsheet would run as a formula.
      report(3, { firstName: '=HYPERLINK("x")', lastName: 'cmd|calc' }),
    ];
    const { bytes, progress } = await bundle(inputs, { mergeIntoSingleReport: false, textOnly: false });
    expect(progress).toEqual(counting(4));
    const zip = readZip(bytes);
    expect(zip.zip64).toBe(true);
    expect(zip.entries.map((entry) => entry.name)).toEqual([
      'Khan-Aisha-00000000.pdf', 'O-Brien-Nunez-Jose-00000001.pdf', 'Khan-Aisha-00000000-2.pdf', 'cmd-calc-HYPERLINK-x-00000003.pdf', 'manifest.csv',
    ]);
    for (const entry of zip.entries.slice(0, 4)) {
      expect(entry.name).toMatch(/^[A-Za-z0-9-]+\.pdf$/);
      expect(entry.method).toBe(8); // deflated: a PDF's dictionaries and cross-reference table are plain text
      expect(readPdf(entry.data).text).toContain('Full MVR Report (Standard)');
    }
    const manifest = zip.entries[4]!.data.toString('utf8');
    expect(manifest.startsWith('\uFEFF')).toBe(true);
    const rows = csvRows(manifest);
    expect(rows[0]).toEqual(['order', 'subject', 'file', 'sha256']);
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([
      [inputs[0]!.orderId, 'Aïsha Khan', 'Khan-Aisha-00000000.pdf'],
      [inputs[1]!.orderId, "José O'Brien / Núñez", 'O-Brien-Nunez-Jose-00000001.pdf'],
      [inputs[2]!.orderId, 'Aïsha Khan', 'Khan-Aisha-00000000-2.pdf'],
      // Escaped as every CSV export of ours: quoted, and the formula neutralised by a leading quote.
      [inputs[3]!.orderId, '"\'=HYPERLINK(""x"") cmd|calc"', 'cmd-calc-HYPERLINK-x-00000003.pdf'],
    ]);
    rows.slice(1).forEach((row, index) => {
      expect(row[3]).toBe(createHash('sha256').update(zip.entries[index]!.data).digest('hex'));
    });
  });

  it('zips the condensed texts, one per report, with their manifest', async () => {
    const inputs = Array.from({ length: 5 }, (_, index) => report(index, { firstName: 'Dana', lastName: `Driver${index}` }));
    const { bytes } = await bundle(inputs, { mergeIntoSingleReport: false, textOnly: true });
    const zip = readZip(bytes);
    expect(zip.entries).toHaveLength(6);
    inputs.forEach((input, index) => {
      const entry = zip.entries[index]!;
      expect(entry.name).toBe(`Driver${index}-Dana-0000000${index}.txt`);
      expect(entry.data.toString('utf8')).toBe(renderMvrText(input));
    });
    expect(csvRows(zip.entries[5]!.data.toString('utf8')).slice(1).map((row) => row[2])).toEqual(zip.entries.slice(0, 5).map((entry) => entry.name));
  });

  it('merges the condensed texts under a contents list and a divider per report', async () => {
    const inputs = Array.from({ length: 12 }, (_, index) => report(index, { firstName: 'Dana', lastName: `Driver${index + 1}` }, { adjudicated: index !== 0 }));
    const { bytes, progress } = await bundle(inputs, { mergeIntoSingleReport: true, textOnly: true });
    expect(progress).toEqual(counting(12));
    const text = bytes.toString('utf8');
    const [head, ...reports] = text.split(/\n={100}\n/);
    expect(head).toContain('Acme Logistics | generated 2026-11-24 02:00 UTC | 12 reports');
    expect(head).toContain(` 1. Dana Driver1 | order ${inputs[0]!.orderId}\n`);
    expect(head).toContain(`12. Dana Driver12 | order ${inputs[11]!.orderId} | ${inputs[11]!.adjudication!.outcome}\n`);
    // Each report: its heading between two dividers, then its condensed text whole.
    expect(reports).toHaveLength(24);
    inputs.forEach((input, index) => {
      expect(reports[index * 2]).toMatch(new RegExp(`^REPORT ${index + 1} OF 12: Dana Driver${index + 1} \\| order ${input.orderId}`));
      expect(reports[index * 2 + 1]).toBe(`\n${renderMvrText(input)}`);
    });
  });

  it('builds an empty bundle that says so', async () => {
    const pdf = readPdf((await bundle([], { mergeIntoSingleReport: true, textOnly: false })).bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toMatch(/0 reports, Full MVR Report \(Standard\)[\s\S]*1 page\n[\s\S]*No reports\./);
    expect((await bundle([], { mergeIntoSingleReport: true, textOnly: true })).bytes.toString()).toContain('| 0 reports\n');
    const zip = readZip((await bundle([], { mergeIntoSingleReport: false, textOnly: false })).bytes);
    expect(zip.entries.map((entry) => entry.name)).toEqual(['manifest.csv']);
    expect(csvRows(zip.entries[0]!.data.toString())).toEqual([['order', 'subject', 'file', 'sha256']]);
  });

  it('fails, and destroys the output, when the entries change between the passes', async () => {
    const inputs = Array.from({ length: 3 }, (_, index) => report(index, { firstName: 'Dana', lastName: `Driver${index}` }));
    let calls = 0;
    const shifting = async function* () {
      calls++;
      yield* calls === 1 ? inputs : inputs.slice().reverse();
    };
    const out = new PassThrough().on('error', () => {}); // the error is the promise's to tell
    out.resume();
    const written = writeMvrBundle(shifting, { mergeIntoSingleReport: true, textOnly: false, companyName: 'Acme', generatedAt, total: 3 }, out);
    await expect(written).rejects.toThrow(/entries changed while it was written \(report 1\)/);
    expect(out.destroyed).toBe(true);
  });

  it('stops when its reader closes the output', async () => {
    const inputs = Array.from({ length: 20 }, (_, index) => report(index, { firstName: 'Dana', lastName: `Driver${index}` }));
    const written: number[] = [];
    const out = new PassThrough({ highWaterMark: 1024 });
    out.resume();
    const options = { mergeIntoSingleReport: true, textOnly: false, companyName: 'Acme', generatedAt, total: 20, onProgress: (done: number) => {
      written.push(done);
      // The store gives up on the file once 3 reports are written (after the 20 laid out).
      if (written.length === 20 + 3) out.destroy();
    } };
    await expect(writeMvrBundle(listOf(inputs), options, out)).rejects.toThrow('closed before the file was written');
    expect(written).toHaveLength(20 + 3);
  });

  it('stops when the output closes while it waits for room', async () => {
    const inputs = Array.from({ length: 5 }, (_, index) => report(index, { firstName: 'Dana', lastName: `Driver${index}` }));
    const out = new PassThrough({ highWaterMark: 1024 }); // nobody reads: the bundle waits for room
    // Closed (without an error, so no 'error' event) the moment the bundle starts to wait for 'drain'.
    out.on('newListener', (event) => event === 'drain' && process.nextTick(() => out.destroy()));
    const written = writeMvrBundle(listOf(inputs), { mergeIntoSingleReport: false, textOnly: false, companyName: 'Acme', generatedAt, total: 5 }, out);
    await expect(written).rejects.toThrow('closed before the file was written');
  });

  it('fails, and destroys the output, when reading the entries fails', async () => {
    const broken = async function* () {
      yield report(0, { firstName: 'Dana', lastName: 'Driver' });
      throw new Error('connection lost');
    };
    const out = new PassThrough().on('error', () => {}); // the error is the promise's to tell
    out.resume();
    await expect(writeMvrBundle(broken, { mergeIntoSingleReport: false, textOnly: false, companyName: 'Acme', generatedAt, total: 2 }, out)).rejects.toThrow('connection lost');
    expect(out.destroyed).toBe(true);
    expect(out.errored?.message).toBe('connection lost');
  });
});

describe('zip writer', () => {
  it('writes ZIP64 records that count past 65,535 entries', async () => {
    const chunks: Buffer[] = [];
    const out = new Writable({ write: (chunk: Buffer, _encoding, done) => { chunks.push(chunk); done(); } });
    const zip = new StreamedZip(out, generatedAt);
    const count = 70_000;
    for (let index = 0; index < count; index++) await zip.add({ name: `${index}.txt`, data: Buffer.from(String(index)) });
    await zip.finish();
    const read = readZip(Buffer.concat(chunks));
    expect(read.zip64).toBe(true);
    expect(read.classicCount).toBe(0xffff); // the classic record cannot hold the count: the ZIP64 one does
    expect(read.entries).toHaveLength(count);
    // Five bytes do not deflate smaller: stored.
    expect(read.entries[count - 1]).toMatchObject({ name: '69999.txt', data: Buffer.from('69999'), method: 0 });
  });

  it('keeps a small in-memory zip classic and stored (the workbook reader reads it)', () => {
    const read = readZip(storedZip([{ name: 'a.xml', data: Buffer.from('<a/>') }, { name: 'b.xml', data: Buffer.from('<b/>'.repeat(100)) }]));
    expect(read.zip64).toBe(false);
    expect(read.entries.map((entry) => entry.method)).toEqual([0, 0]);
    expect(read.entries.map((entry) => [entry.name, entry.data.toString()])).toEqual([['a.xml', '<a/>'], ['b.xml', '<b/>'.repeat(100)]]);
  });
});
