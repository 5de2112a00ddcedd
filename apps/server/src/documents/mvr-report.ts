// The MVR report in its two formats (SPEC.md §3):
//  - MVR_STANDARD_REPORT: 'Full MVR Report (Standard)', PDF, relaxed layout;
//  - MVR_CONDENSED_REPORT: 'Full MVR Report (Condensed)', PDF plus text, tight layout that puts
//    violations and DMV actions first, for reviewers scanning many records.
// Violations, accidents and DMV actions are listed newest first, as on every page (the contract's
// violationsNewestFirst and its siblings); names are the contract's labels.
import type { MvrRecord } from '@clearlane/contract';
import { accidentsNewestFirst, dmvActionsNewestFirst, violationsNewestFirst } from '@clearlane/contract/domain/mvr';
import { DOCUMENT_LABELS, texasRecordTypeLabel } from '@clearlane/contract/labels';
import type { Adjudication } from '../adjudication/evaluate.ts';
import { dateTime, titleCase } from './order-document.ts';
import { createDoc, footers, headerBand, keyValues, RELAXED, sectionTitle, table, TIGHT, toBuffer, verdictBox, type BundlePages, type Density, type Doc } from './pdf-kit.ts';

export interface MvrReportInput {
  companyName: string;
  orderId: string;
  orderedAt: Date;
  orderedBy: string;
  permissiblePurpose: string;
  record: MvrRecord;
  adjudication?: Adjudication | null;
}

export type MvrReportFormat = 'MVR_STANDARD_REPORT' | 'MVR_CONDENSED_REPORT';

const date = (value: string | null | undefined) => value ?? '—';
export const DPPA_NOTE = 'Confidential: personal information protected by the Driver\'s Privacy Protection Act (18 U.S.C. 2721).';

export function subjectName(record: MvrRecord) {
  return `${record.subject.firstName} ${record.subject.lastName}`;
}

/** The header band's rows: who ordered what for whom, and under which permissible purpose. */
export function headerLines(input: MvrReportInput) {
  return [
    { left: input.companyName, right: `Order ${input.orderId}` },
    { left: `Subject: ${subjectName(input.record)}`, right: `Ordered ${dateTime(input.orderedAt)} by ${input.orderedBy}` },
    { left: `Permissible purpose: ${input.permissiblePurpose}`, right: `Provider reference ${input.record.providerReference}` },
  ];
}

export const reportTitle = (format: MvrReportFormat) => (format === 'MVR_CONDENSED_REPORT' ? DOCUMENT_LABELS.mvrCondensed : DOCUMENT_LABELS.mvrStandard);
export const reportDensity = (format: MvrReportFormat) => (format === 'MVR_CONDENSED_REPORT' ? TIGHT : RELAXED);

/** "default" version 3: the version is left out for orders judged before versions were kept. */
export const rulesetLabel = (result: Pick<Adjudication, 'rulesetNamespace' | 'rulesetVersion'>) =>
  `"${result.rulesetNamespace}"${result.rulesetVersion == null ? '' : result.rulesetVersion === 0 ? ' (seeded)' : ` version ${result.rulesetVersion}`}`;

export function adjudicationSection(doc: Doc, result: Adjudication | null | undefined, density: Density) {
  if (!result) return;
  const tone = result.outcome === 'Pass' ? 'pass' : result.outcome === 'Fail' ? 'fail' : 'neutral';
  const lines = [result.summary, ...result.results.map((r) => `${r.passed === true ? 'PASS' : r.passed === false ? 'FAIL' : 'N/A '}  ${r.description} (found: ${r.actual ?? 'unknown'})`)];
  verdictBox(doc, `Outcome: ${result.outcome} — ruleset ${rulesetLabel(result)}`, tone, lines, density);
}

export function resultNotice(doc: Doc, record: MvrRecord, density: Density): boolean {
  if (record.result === 'RECORD_FOUND') return false;
  const text = record.result === 'NO_RECORD_FOUND' ? 'No driving record was found for this licence number and state.' : record.reason ?? 'The state did not fulfil this request.';
  verdictBox(doc, record.result === 'NO_RECORD_FOUND' ? 'No record found' : 'Not fulfilled by the state', 'neutral', [text], density);
  return true;
}

export function licenceSection(doc: Doc, record: MvrRecord, density: Density, columns: number) {
  sectionTitle(doc, 'Licence', density);
  const licence = record.licence!;
  const pairs: [string, string][] = [
    ['Name', subjectName(record)], ['Date of birth', record.subject.dateOfBirth],
    ['Licence number', licence.number], ['State', licence.state],
    ['Class', licence.class], ['Status', titleCase(licence.status)],
    ['Issued', licence.issued], ['Expires', licence.expires],
    ['Endorsements', licence.endorsements.join(', ') || 'None'], ['Restrictions', licence.restrictions.join(', ') || 'None'],
  ];
  if (record.texasRecordType) pairs.push(['Texas record type', texasRecordTypeLabel(record.texasRecordType)]);
  keyValues(doc, pairs, density, columns);
}

export function violationsSection(doc: Doc, record: MvrRecord, density: Density) {
  sectionTitle(doc, `Violations (${record.violations.length})`, density);
  table(doc, [
    { header: 'Date', width: 0.13 }, { header: 'Convicted', width: 0.13 }, { header: 'Code', width: 0.08 },
    { header: 'Description', width: 0.44 }, { header: 'Category', width: 0.14 }, { header: 'Points', width: 0.08, align: 'right' },
  ], violationsNewestFirst(record.violations).map((v) => [v.date, date(v.convictionDate), v.code, v.description, titleCase(v.category), String(v.points)]), density, 'No violations on record.');
}

export function dmvActionsSection(doc: Doc, record: MvrRecord, density: Density) {
  sectionTitle(doc, `DMV actions (${record.dmvActions.length})`, density);
  table(doc, [
    { header: 'Action', width: 0.2 }, { header: 'Effective', width: 0.16 }, { header: 'Ends', width: 0.16 }, { header: 'Reason', width: 0.48 },
  ], dmvActionsNewestFirst(record.dmvActions).map((a) => [titleCase(a.type), a.effectiveDate, date(a.endDate), a.reason]), density, 'No suspensions, revocations or other DMV actions.');
}

export function accidentsSection(doc: Doc, record: MvrRecord, density: Density) {
  sectionTitle(doc, `Accidents (${record.accidents.length})`, density);
  table(doc, [
    { header: 'Date', width: 0.15 }, { header: 'Description', width: 0.55 }, { header: 'At fault', width: 0.15 }, { header: 'Injuries', width: 0.15 },
  ], accidentsNewestFirst(record.accidents).map((a) => [a.date, a.description, a.atFault === null ? 'Unknown' : a.atFault ? 'Yes' : 'No', a.injuries ? 'Yes' : 'No']), density, 'No accidents on record.');
}

/**
 * Draws the report from the current page on (the header band first). The single PDF (renderMvrPdf)
 * and the merged bundle (bundles/merged-pdf.ts) both draw with it, so a report reads the same in both.
 */
export function drawMvrReport(doc: Doc, input: MvrReportInput, format: MvrReportFormat) {
  const condensed = format === 'MVR_CONDENSED_REPORT';
  const density = reportDensity(format);
  headerBand(doc, reportTitle(format), headerLines(input), density);
  adjudicationSection(doc, input.adjudication, density);
  if (resultNotice(doc, input.record, density)) return;
  if (condensed) {
    violationsSection(doc, input.record, density);
    dmvActionsSection(doc, input.record, density);
    licenceSection(doc, input.record, density, 4);
    accidentsSection(doc, input.record, density);
  } else {
    licenceSection(doc, input.record, density, 2);
    violationsSection(doc, input.record, density);
    accidentsSection(doc, input.record, density);
    dmvActionsSection(doc, input.record, density);
  }
}

/** The report's footers on its buffered pages; in a bundle, with the bundle's page numbers too. */
export function mvrReportFooters(doc: Doc, format: MvrReportFormat, bundle?: BundlePages) {
  footers(doc, DPPA_NOTE, reportDensity(format), bundle);
}

export async function renderMvrPdf(input: MvrReportInput, format: MvrReportFormat): Promise<Buffer> {
  const doc = createDoc(reportTitle(format), `Motor vehicle record of ${subjectName(input.record)}`);
  drawMvrReport(doc, input, format);
  mvrReportFooters(doc, format);
  return toBuffer(doc);
}

/** The condensed report as plain text: fixed-width columns, violations and DMV actions first. */
export function renderMvrText(input: MvrReportInput): string {
  const { record } = input;
  const pad = (value: string, width: number) => (value.length > width ? `${value.slice(0, width - 1)}…` : value.padEnd(width));
  const lines = [
    DOCUMENT_LABELS.mvrCondensed.toUpperCase(),
    `${input.companyName} | Order ${input.orderId} | ${dateTime(input.orderedAt)} | ${input.orderedBy}`,
    `Subject: ${subjectName(record)} (DOB ${record.subject.dateOfBirth}) | Purpose: ${input.permissiblePurpose} | Ref ${record.providerReference}`,
    '',
  ];
  if (input.adjudication) {
    lines.push(`OUTCOME: ${input.adjudication.outcome} (ruleset ${rulesetLabel(input.adjudication)}) - ${input.adjudication.summary}`);
    for (const r of input.adjudication.results) lines.push(`  [${r.passed === true ? 'PASS' : r.passed === false ? 'FAIL' : 'N/A '}] ${r.description} (found: ${r.actual ?? 'unknown'})`);
    lines.push('');
  }
  if (record.result !== 'RECORD_FOUND') {
    lines.push(record.result === 'NO_RECORD_FOUND' ? 'NO RECORD FOUND' : `NOT FULFILLED: ${record.reason ?? ''}`);
  } else {
    lines.push(`VIOLATIONS (${record.violations.length})`);
    lines.push(`  ${pad('DATE', 11)}${pad('CODE', 6)}${pad('DESCRIPTION', 44)}${pad('CATEGORY', 12)}PTS`);
    for (const v of violationsNewestFirst(record.violations)) lines.push(`  ${pad(v.date, 11)}${pad(v.code, 6)}${pad(v.description, 44)}${pad(titleCase(v.category), 12)}${v.points}`);
    if (record.violations.length === 0) lines.push('  none');
    lines.push('', `DMV ACTIONS (${record.dmvActions.length})`);
    for (const a of dmvActionsNewestFirst(record.dmvActions)) lines.push(`  ${pad(a.effectiveDate, 11)}${pad(titleCase(a.type), 15)}${pad(a.endDate ?? '', 11)}${a.reason}`);
    if (record.dmvActions.length === 0) lines.push('  none');
    const l = record.licence!;
    lines.push('', `LICENCE ${l.number} ${l.state} class ${l.class} ${l.status} issued ${l.issued} expires ${l.expires}`);
    if (record.texasRecordType) lines.push(`TEXAS RECORD TYPE ${texasRecordTypeLabel(record.texasRecordType)}`);
    lines.push('', `ACCIDENTS (${record.accidents.length})`);
    for (const a of accidentsNewestFirst(record.accidents)) lines.push(`  ${pad(a.date, 11)}${pad(a.description, 50)}at fault: ${a.atFault === null ? '?' : a.atFault ? 'yes' : 'no'}`);
    if (record.accidents.length === 0) lines.push('  none');
  }
  lines.push('', DPPA_NOTE);
  return `${lines.join('\n')}\n`;
}
