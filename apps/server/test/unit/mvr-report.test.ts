import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET } from '@clearlane/contract';
import { adjudicate } from '../../src/adjudication/evaluate.ts';
import { buildRecord } from '../../src/providers/mvr/sandbox-mvr-provider.ts';
import { renderMvrPdf, renderMvrText, type MvrReportInput } from '../../src/documents/mvr-report.ts';

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
});
