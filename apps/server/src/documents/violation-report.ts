// The violation report of an MVR as a document: the key findings first (licence status, points,
// major violations, suspensions and revocations, at-fault accidents) with the adjudication when the
// order had one, then the violations, DMV actions and accidents, and the licence they belong to.
// The tables are the MVR report's own, so the two documents read alike.
import type { MvrRecord } from '@clearlane/contract';
import { dmvActionsNewestFirst, violationsNewestFirst } from '@clearlane/contract/domain/mvr';
import { DOCUMENT_LABELS } from '@clearlane/contract/labels';
import type { Adjudication } from '../adjudication/evaluate.ts';
import { accidentsSection, adjudicationSection, DPPA_NOTE, dmvActionsSection, licenceSection, resultNotice, subjectName, violationsSection } from './mvr-report.ts';
import { renderOrderDocument, titleCase, type OrderDocumentMeta } from './order-document.ts';
import { verdictBox, type Density, type Doc } from './pdf-kit.ts';

export const VIOLATION_REPORT_TITLE = DOCUMENT_LABELS.violation;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The lines of the key findings box; the first says how the record stands in one sentence. */
export function violationKeyFindings(record: MvrRecord): { clean: boolean; lines: string[] } {
  const points = record.violations.reduce((sum, v) => sum + v.points, 0);
  const majors = violationsNewestFirst(record.violations).filter((v) => v.category === 'MAJOR');
  const withdrawals = dmvActionsNewestFirst(record.dmvActions).filter((a) => a.type === 'SUSPENSION' || a.type === 'REVOCATION' || a.type === 'CANCELLATION');
  const atFault = record.accidents.filter((a) => a.atFault === true);
  const status = record.licence?.status ?? 'VALID';
  const lines = [
    `Licence ${titleCase(status).toLowerCase()}; ${plural(record.violations.length, 'violation')}, ${plural(points, 'point')} in total.`,
    ...majors.map((v) => `Major violation on ${v.date}: ${v.description} (${v.code}).`),
    ...withdrawals.map((a) => `${titleCase(a.type)} from ${a.effectiveDate}${a.endDate ? ` to ${a.endDate}` : ''}: ${a.reason}.`),
    ...(atFault.length > 0 ? [`${plural(atFault.length, 'at-fault accident')}, the latest on ${atFault.map((a) => a.date).sort().at(-1)}.`] : []),
  ];
  return { clean: status === 'VALID' && record.violations.length === 0 && record.dmvActions.length === 0 && record.accidents.length === 0, lines };
}

function keyFindings(doc: Doc, record: MvrRecord, density: Density) {
  const { clean, lines } = violationKeyFindings(record);
  const serious = record.licence?.status !== 'VALID' || lines.length > 1;
  verdictBox(doc, clean ? 'Key findings: a clean record' : 'Key findings', clean ? 'pass' : serious ? 'fail' : 'caution', lines, density);
}

export interface ViolationReportInput {
  record: MvrRecord;
  adjudication: Adjudication | null;
}

export function renderViolationPdf(meta: OrderDocumentMeta, { record, adjudication }: ViolationReportInput): Promise<Buffer> {
  return renderOrderDocument(meta, {
    title: VIOLATION_REPORT_TITLE,
    subject: `${subjectName(record)}${record.licence ? ` (${record.licence.state} ${record.licence.number})` : ''}`,
    providerReference: record.providerReference,
    note: DPPA_NOTE,
    body: (doc, density) => {
      if (resultNotice(doc, record, density)) return;
      keyFindings(doc, record, density);
      adjudicationSection(doc, adjudication, density);
      violationsSection(doc, record, density);
      dmvActionsSection(doc, record, density);
      accidentsSection(doc, record, density);
      licenceSection(doc, record, density, 2);
    },
  });
}
