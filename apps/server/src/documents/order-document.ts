// The house style of every order's document after the MVR's (vehicle, person risk, business risk,
// violations): the header band (company and order, subject and who ordered it when, the provider's
// reference and when the document was generated), then the verdict that matters most (a risk level
// or the key findings), then the sections; on every later page a one-line header, and on every page
// a confidentiality line and "Page i of n".
import type { RiskFinding, RiskLevel } from '@clearlane/contract';
import { createDoc, footers, headerBand, RELAXED, runningHeaders, sectionTitle, table, toBuffer, verdictBox, type Density, type Doc, type Tone } from './pdf-kit.ts';

/** Who ordered what, for whom and when: the same for every kind of report. */
export interface OrderDocumentMeta {
  companyName: string;
  orderId: string;
  orderedAt: Date;
  orderedBy: string;
  generatedAt: Date;
}

export const dateTime = (value: Date) => value.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
export const titleCase = (value: string) => value.toLowerCase().replace(/(^|_)([a-z])/g, (_m, sep: string, c: string) => (sep ? ' ' : '') + c.toUpperCase());

export interface OrderDocument {
  title: string;
  /** The subject line of the header band (a driver's or business's name, a VIN and its vehicle). */
  subject: string;
  providerReference: string;
  /** The line on every page's foot. */
  note: string;
  /** The verdict first, then the sections. */
  body: (doc: Doc, density: Density) => void;
}

export function orderDocumentHeaderLines(meta: OrderDocumentMeta, document: Pick<OrderDocument, 'subject' | 'providerReference'>) {
  return [
    { left: meta.companyName, right: `Order ${meta.orderId}` },
    { left: `Subject: ${document.subject}`, right: `Ordered ${dateTime(meta.orderedAt)} by ${meta.orderedBy}` },
    { left: `Provider reference ${document.providerReference}`, right: `Generated ${dateTime(meta.generatedAt)}` },
  ];
}

export function renderOrderDocument(meta: OrderDocumentMeta, document: OrderDocument): Promise<Buffer> {
  const density = RELAXED;
  const doc = createDoc(document.title, `${document.title}: ${document.subject}`);
  headerBand(doc, document.title, orderDocumentHeaderLines(meta, document), density);
  document.body(doc, density);
  runningHeaders(doc, `${document.title} · ${document.subject} · Order ${meta.orderId}`, density);
  footers(doc, document.note, density);
  return toBuffer(doc);
}

/** The foot of a report that is not an MVR (an MVR's carries the DPPA notice instead). */
export const confidentialNote = (meta: OrderDocumentMeta) => `Confidential: prepared for ${meta.companyName}. Generated ${dateTime(meta.generatedAt)}.`;

const RISK_TONES: Record<RiskLevel, Tone> = { LOW: 'pass', MODERATE: 'caution', HIGH: 'fail', SEVERE: 'fail' };
const SEVERITY_RANK: Record<RiskLevel, number> = { SEVERE: 0, HIGH: 1, MODERATE: 2, LOW: 3 };

/** Findings worst first (then newest), as the reviewer reads them. */
export const worstFirst = (findings: RiskFinding[]) =>
  [...findings].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || (b.date ?? '').localeCompare(a.date ?? ''));

/** "2 findings: 1 severe, 1 moderate", or that there are none. */
export function findingsSummary(findings: RiskFinding[]): string {
  if (findings.length === 0) return 'No findings.';
  const counts = (Object.keys(SEVERITY_RANK) as RiskLevel[])
    .map((level) => [level, findings.filter((finding) => finding.severity === level).length] as const)
    .filter(([, count]) => count > 0)
    .map(([level, count]) => `${count} ${level.toLowerCase()}`);
  return `${findings.length} finding${findings.length === 1 ? '' : 's'}: ${counts.join(', ')}.`;
}

/** The risk level, its score and what drove it: the first thing on a risk assessment. */
export function riskLevelBox(doc: Doc, assessment: { riskLevel: RiskLevel; riskScore: number; findings: RiskFinding[] }, extraLines: string[], density: Density) {
  const worst = worstFirst(assessment.findings).slice(0, 3).map((finding) => `${titleCase(finding.severity)}: ${finding.description}`);
  verdictBox(
    doc,
    `Risk level: ${titleCase(assessment.riskLevel)} (score ${assessment.riskScore} of 100)`,
    RISK_TONES[assessment.riskLevel],
    [findingsSummary(assessment.findings), ...worst, ...extraLines],
    density,
  );
}

export function findingsSection(doc: Doc, findings: RiskFinding[], density: Density) {
  sectionTitle(doc, `Findings (${findings.length})`, density);
  table(doc, [
    { header: 'Severity', width: 0.12 }, { header: 'Category', width: 0.16 }, { header: 'Date', width: 0.12 },
    { header: 'Description', width: 0.38 }, { header: 'Source', width: 0.22 },
  ], worstFirst(findings).map((f) => [titleCase(f.severity), titleCase(f.category), f.date ?? '—', f.description, f.source]), density, 'No findings.');
}

/** A subject the provider did not find has no score: a "low" 0 would read as a clean result. */
export function notFoundBox(doc: Doc, title: string, text: string, density: Density) {
  verdictBox(doc, title, 'neutral', [text], density);
}
