import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET, DPPA_PERMISSIBLE_PURPOSES, permissiblePurposeLabel, type PermissiblePurpose } from '@clearlane/contract';
import { adjudicate } from '../../src/adjudication/evaluate.ts';
import { buildRecord } from '../../src/providers/mvr/sandbox-mvr-provider.ts';
import { headerLines, renderMvrPdf, renderMvrText, reportDensity, reportTitle, type MvrReportFormat, type MvrReportInput } from '../../src/documents/mvr-report.ts';
import { createDoc, headerBandLayout } from '../../src/documents/pdf-kit.ts';

const requestedAt = new Date('2026-11-22T10:00:00Z');
const record = buildRecord('MULTIPLE_MOVING_VIOLATIONS', {
  idempotencyKey: '01a2-order-7788', state: 'CA', licenceNumber: 'D1234562', firstName: 'Dana', lastName: 'Driver',
  dateOfBirth: '1988-04-12', permissiblePurpose: 'EMPLOYMENT', requestedAt,
});
const input: MvrReportInput = {
  companyName: 'Acme Logistics', orderId: '01a2-order-7788', orderedAt: requestedAt, orderedBy: 'Aggie Agent',
  permissiblePurpose: 'Employment (DPPA (b)(2))', record, adjudication: adjudicate(record, DEFAULT_RULESET),
};

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'mvr-'));
  const file = join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('MVR report documents', () => {
  it('lists violations newest first and names a Texas record type as the portal does (issue 13)', () => {
    const shuffled: MvrReportInput = {
      ...input,
      record: {
        ...record,
        texasRecordType: 'TYPE_3_CERTIFIED_THREE_YEAR',
        violations: [
          { date: '2019-02-01', convictionDate: null, code: 'OLD1', description: 'Oldest', category: 'MOVING', points: 1 },
          { date: '2025-09-30', convictionDate: '2025-10-15', code: 'NEW1', description: 'Newest', category: 'MOVING', points: 2 },
          { date: '2022-06-15', convictionDate: null, code: 'MID1', description: 'Middle', category: 'NON_MOVING', points: 0 },
        ],
      },
    };
    const text = renderMvrText(shuffled);
    expect(text.indexOf('NEW1')).toBeLessThan(text.indexOf('MID1'));
    expect(text.indexOf('MID1')).toBeLessThan(text.indexOf('OLD1'));
    expect(text).toContain('TEXAS RECORD TYPE Type 3: certified 3-year driving record');
    expect(text.startsWith('FULL MVR REPORT (CONDENSED)\n')).toBe(true);
  });

  it('renders a standard PDF a reviewer can read', async () => {
    const pdf = await renderMvrPdf(input, 'MVR_STANDARD_REPORT');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (!hasPdftotext) return;
    const text = pdfText(pdf);
    for (const expected of ['Full MVR Report (Standard)', 'Acme Logistics', 'Dana Driver', 'Outcome: Fail', 'Disregarding a traffic signal', 'Page 1 of', 'Licence']) {
      expect(text).toContain(expected);
    }
    // Standard order: licence before violations.
    expect(text.indexOf('Licence number')).toBeLessThan(text.indexOf('Violations (3)'));
  });

  it('puts violations and DMV actions first in the condensed PDF and text', async () => {
    const text = renderMvrText(input);
    expect(text.indexOf('VIOLATIONS (3)')).toBeLessThan(text.indexOf('LICENCE D1234562'));
    expect(text).toContain('OUTCOME: Fail');
    const pdf = await renderMvrPdf(input, 'MVR_CONDENSED_REPORT');
    if (!hasPdftotext) return;
    const pdfContent = pdfText(pdf);
    expect(pdfContent).toContain('Full MVR Report (Condensed)');
    expect(pdfContent.indexOf('Violations (3)')).toBeLessThan(pdfContent.indexOf('Licence number'));
  });

  it('says plainly when no record was found', async () => {
    const none = buildRecord('NO_RECORD_FOUND', { idempotencyKey: 'k', state: 'TX', licenceNumber: '12345676', firstName: 'N', lastName: 'One', dateOfBirth: '1990-01-01', permissiblePurpose: 'EMPLOYMENT', requestedAt });
    expect(renderMvrText({ ...input, record: none, adjudication: adjudicate(none, DEFAULT_RULESET) })).toContain('NO RECORD FOUND');
  });

  describe('header band', () => {
    const formats: MvrReportFormat[] = ['MVR_STANDARD_REPORT', 'MVR_CONDENSED_REPORT'];
    const purposes = (Object.keys(DPPA_PERMISSIBLE_PURPOSES) as PermissiblePurpose[]).map(permissiblePurposeLabel);
    const longest = purposes.reduce((a, b) => (b.length > a.length ? b : a));
    // The one the reviewer could not read: its second line ran out of the band.
    const cdl = permissiblePurposeLabel('CDL_EMPLOYER_VERIFICATION');
    const longNames: MvrReportInput = {
      ...input,
      companyName: 'Consolidated Interstate Freight and Passenger Transportation Holdings of North America, Incorporated',
      record: { ...record, subject: { ...record.subject, firstName: 'Maximiliana Alexandrina Josephina', lastName: 'Vanderbilt-Montgomery-Featherstonehaugh' } },
    };
    const layoutOf = (format: MvrReportFormat, of: MvrReportInput) =>
      headerBandLayout(createDoc('t', 's'), reportTitle(format), headerLines(of), reportDensity(format));

    it.each(formats)('%s: grows to hold every permissible purpose and long names', (format) => {
      const lineHeight = layoutOf(format, input).rows[0]!.height;
      for (const permissiblePurpose of purposes) {
        const layout = layoutOf(format, { ...longNames, permissiblePurpose });
        const bottom = layout.top + layout.height;
        let previousBottom = layout.title.y + layout.title.height;
        for (const row of layout.rows) {
          expect(row.y).toBeGreaterThanOrEqual(previousBottom);
          expect(row.y + row.height).toBeLessThan(bottom);
          previousBottom = row.y + row.height;
        }
        // Company and subject wrap at these lengths: their rows take two lines, and the band grows.
        expect(layout.rows[0]!.height).toBeGreaterThan(lineHeight * 1.5);
        expect(layout.rows[1]!.height).toBeGreaterThan(lineHeight * 1.5);
      }
      for (const permissiblePurpose of [cdl, longest]) {
        const short = layoutOf(format, input);
        const long = layoutOf(format, { ...input, permissiblePurpose });
        expect(long.rows[2]!.height).toBeGreaterThan(lineHeight * 1.5);
        expect(long.height).toBeGreaterThan(short.height + lineHeight * 0.9);
      }
    });

    it.each(formats)('%s: draws the end of a long purpose inside the band', async (format) => {
      if (!hasPdftotext) return;
      for (const permissiblePurpose of [cdl, longest]) {
        const of = { ...input, permissiblePurpose };
        const layout = layoutOf(format, of);
        const dir = mkdtempSync(join(tmpdir(), 'mvr-'));
        const file = join(dir, 'report.pdf');
        writeFileSync(file, await renderMvrPdf(of, format));
        const words = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
        const last = permissiblePurpose.split(' ').at(-1)!;
        const word = [...words.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].find((m) => m[3] === last);
        expect(word, last).toBeDefined();
        expect(Number(word![1])).toBeGreaterThan(layout.top);
        expect(Number(word![2])).toBeLessThanOrEqual(layout.top + layout.height);
      }
    });
  });
});

describe('standard font metrics', () => {
  it('are parsed once and shared by every document, measuring text as before', () => {
    const metricsOf = (doc: ReturnType<typeof createDoc>) => (doc.font('Helvetica-Bold') as unknown as { _font: { font: { kernPairs: object } } })._font.font;
    const first = createDoc('a', 'a');
    const second = createDoc('b', 'b');
    expect(metricsOf(second).kernPairs).toBe(metricsOf(first).kernPairs);
    // Helvetica-Bold's widths and its kerning of "AV" (-80/1000 em), as the font's AFM file has them.
    expect(second.fontSize(10).widthOfString('AV')).toBeCloseTo(((722 + 667 - 80) / 1000) * 10, 5);
  });
});
