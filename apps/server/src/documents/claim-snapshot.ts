// A published claim snapshot as a document, in the house style of the reports: who published which
// snapshot of which claim and when, the reports' verdict first, then every report with its outcome,
// deciding rules, ruleset version and SHA-256, what changed since the previous snapshot, and the
// loss notice as entered, labelled with the titles of the form version it was entered against.
import { fieldLabel, type ClaimSnapshot, type JsonSchemaObject } from '@clearlane/contract';
import { dateTime } from './order-document.ts';
import { createDoc, footers, headerBand, keyValues, RELAXED, runningHeaders, sectionTitle, table, toBuffer, verdictBox, type Tone } from './pdf-kit.ts';

export interface ClaimSnapshotDocument {
  companyName: string;
  claimTitle: string;
  snapshot: ClaimSnapshot;
  /** The schema of the snapshot's version: its titles label the fields. */
  schema: JsonSchemaObject;
  generatedAt: Date;
}

const MAX_VALUE_LENGTH = 300;

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
};

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every value of the form data with its path, in the order entered. */
function leaves(data: unknown, path: string[] = []): [string, unknown][] {
  if (Array.isArray(data)) return data.flatMap((item, index) => leaves(item, [...path, String(index)]));
  if (isRecord(data)) return Object.entries(data).flatMap(([key, value]) => leaves(value, [...path, key]));
  return [[path.join('.'), data]];
}

function verdictOf(snapshot: ClaimSnapshot): { title: string; tone: Tone; lines: string[] } {
  const outcomes = snapshot.orders.map((order) => order.outcome ?? 'Not judged');
  const failing = snapshot.orders.filter((order) => order.outcome === 'Fail');
  const tone: Tone = failing.length > 0 ? 'fail' : outcomes.every((outcome) => outcome === 'Pass') ? 'pass' : 'caution';
  const counts = [...new Set(outcomes)].map((outcome) => `${outcomes.filter((o) => o === outcome).length} ${outcome}`).join(', ');
  return {
    title: `${snapshot.orders.length} report${snapshot.orders.length === 1 ? '' : 's'}: ${counts}`,
    tone,
    lines: failing.map((order) => `${order.subjectLabel}: fails ${order.decidingRuleIds.join(', ')}${order.adjudication ? ` (${order.adjudication.summary})` : ''}`),
  };
}

export function renderClaimSnapshotPdf(input: ClaimSnapshotDocument): Promise<Buffer> {
  const { snapshot, schema } = input;
  const density = RELAXED;
  const title = `Claim snapshot ${snapshot.number}`;
  const doc = createDoc(title, `${title}: ${input.claimTitle}`);
  headerBand(doc, title, [
    { left: input.companyName, right: `Claim ${snapshot.claimId}` },
    { left: input.claimTitle, right: `${snapshot.kind === 'Update' ? 'Update' : 'First notice'} · form version ${snapshot.schemaVersion}` },
    { left: `Published ${dateTime(new Date(snapshot.publishedAt))} by ${snapshot.publishedByName}`, right: `Generated ${dateTime(input.generatedAt)}` },
  ], density);
  const verdict = verdictOf(snapshot);
  verdictBox(doc, verdict.title, verdict.tone, verdict.lines, density);

  sectionTitle(doc, 'Reports and outcomes', density);
  table(doc, [
    { header: 'Report', width: 0.3 }, { header: 'Outcome', width: 0.12 }, { header: 'Deciding rules', width: 0.18 },
    { header: 'Ruleset (version)', width: 0.18 }, { header: 'Report SHA-256', width: 0.22 },
  ], snapshot.orders.map((order) => [
    `${order.subjectLabel}\n${order.type} · ${order.status}${order.completedAt ? ` ${order.completedAt.slice(0, 10)}` : ''}`,
    order.outcome ?? '—',
    order.decidingRuleIds.join(', ') || '—',
    order.adjudication ? `${order.rulesetNamespace} (${order.rulesetVersion ?? '—'})` : 'not judged by rules',
    order.reportSha256 ?? '—',
  ]), density, 'No reports.');

  const { changes } = snapshot;
  sectionTitle(doc, changes.since === null ? 'First publication' : `Changes since snapshot ${changes.since}`, density);
  const changeRows = [
    ...(changes.schemaVersion ? [['Form version', String(changes.schemaVersion.before), String(changes.schemaVersion.after)]] : []),
    ...changes.formData.map((change) => [fieldLabel(schema, change.path), shown(change.before), shown(change.after)]),
    ...changes.ordersAdded.map((orderId) => [`Report added`, '—', snapshot.orders.find((order) => order.orderId === orderId)?.subjectLabel ?? orderId]),
    ...changes.ordersRemoved.map((orderId) => ['Report removed', orderId, '—']),
    ...changes.outcomesChanged.map((change) => [`Outcome of ${snapshot.orders.find((order) => order.orderId === change.orderId)?.subjectLabel ?? change.orderId}`, shown(change.before), shown(change.after)]),
  ];
  table(doc, [{ header: 'What', width: 0.34 }, { header: 'Before', width: 0.33 }, { header: 'After', width: 0.33 }], changeRows, density, 'Nothing changed.');

  sectionTitle(doc, 'Loss notice as published', density);
  keyValues(doc, leaves(snapshot.formData).map(([path, value]) => [fieldLabel(schema, path), shown(value)]), density);

  runningHeaders(doc, `${title} · ${input.claimTitle} · Claim ${snapshot.claimId}`, density);
  footers(doc, `Confidential: prepared for ${input.companyName}. A published snapshot never changes.`, density);
  return toBuffer(doc);
}
