// The company's DOT numbers, their scorings and changes, and the shared peer measures. Every
// function on a company's rows takes companyId and puts it first in its WHERE.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { carrierChanges, carrierPeerMeasures, carrierScores, companies, companyDots } from '../../db/schema.ts';
import type { DetectedChange, ScoredFigures } from './carrier-scoring.ts';

/** The rows of a raw statement (db.execute), on PGlite and pg alike. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type CompanyDotRow = typeof companyDots.$inferSelect;

export async function listDots(db: Executor, companyId: string, dotNumbers?: string[]): Promise<CompanyDotRow[]> {
  const where = dotNumbers ? and(eq(companyDots.companyId, companyId), inArray(companyDots.dotNumber, dotNumbers)) : eq(companyDots.companyId, companyId);
  return db.select().from(companyDots).where(where).orderBy(asc(companyDots.relationship), asc(companyDots.dotNumber));
}

export async function findDot(db: Executor, companyId: string, dotNumber: string): Promise<CompanyDotRow | undefined> {
  const [row] = await db.select().from(companyDots).where(and(eq(companyDots.companyId, companyId), eq(companyDots.dotNumber, dotNumber)));
  return row;
}

/**
 * The companies with the dot-scores plugin and their listed DOT numbers, for the daily rescore.
 * Runs for no company (a scheduled job), and answers only ids and numbers.
 */
export async function dotsToRescore(db: Executor): Promise<{ companyId: string; dotNumbers: string[] }[]> {
  const rows = await db
    .select({ companyId: companyDots.companyId, dotNumber: companyDots.dotNumber })
    .from(companyDots)
    .innerJoin(companies, eq(companies.id, companyDots.companyId))
    .where(sql`${companies.plugins} @> array['dot-scores']::text[]`)
    .orderBy(asc(companyDots.companyId), asc(companyDots.dotNumber));
  const byCompany = new Map<string, string[]>();
  for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row.dotNumber]);
  return [...byCompany].map(([companyId, dotNumbers]) => ({ companyId, dotNumbers }));
}

/** Adds a DOT number, or changes how an existing one is listed (relationship, label). */
export async function upsertDot(db: Executor, companyId: string, dot: { dotNumber: string; relationship: string; label: string | null; addedBy: string }): Promise<CompanyDotRow> {
  const [row] = await db
    .insert(companyDots)
    .values({ companyId, ...dot })
    .onConflictDoUpdate({ target: [companyDots.companyId, companyDots.dotNumber], set: { relationship: dot.relationship, label: dot.label } })
    .returning();
  return row!;
}

/** Watches the DOT numbers not yet listed; those listed keep how they are listed. */
export async function watchDots(db: Executor, companyId: string, dotNumbers: string[], addedBy: string | null): Promise<void> {
  await db.insert(companyDots).values(dotNumbers.map((dotNumber) => ({ companyId, dotNumber, relationship: 'WATCHED', addedBy }))).onConflictDoNothing();
}

/** Removes a DOT number with its history; false when the company does not list it. */
export async function deleteDot(db: Executor, companyId: string, dotNumber: string): Promise<boolean> {
  const rows = await db.delete(companyDots).where(and(eq(companyDots.companyId, companyId), eq(companyDots.dotNumber, dotNumber))).returning({ dotNumber: companyDots.dotNumber });
  return rows.length > 0;
}

/**
 * The DOT numbers among these that the company lists, locked until the transaction ends (in number
 * order): two scorings of the same numbers at once take turns, so the second compares with the
 * first's figures instead of both finding the same change (and mailing it twice).
 */
export async function lockDots(db: Executor, companyId: string, dotNumbers: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ dotNumber: companyDots.dotNumber })
    .from(companyDots)
    .where(and(eq(companyDots.companyId, companyId), inArray(companyDots.dotNumber, dotNumbers)))
    .orderBy(asc(companyDots.dotNumber))
    .for('no key update');
  return new Set(rows.map((row) => row.dotNumber));
}

/** The figures of each DOT number's latest successful scoring. */
export async function latestFigures(db: Executor, companyId: string, dotNumbers: string[]): Promise<Map<string, { scoredAt: Date; figures: ScoredFigures }>> {
  if (dotNumbers.length === 0) return new Map();
  const rows = rowsOf<{ dot_number: string; scored_at: string | Date; report: ScoredFigures }>(await db.execute(sql`
    select distinct on (${carrierScores.dotNumber}) ${carrierScores.dotNumber} as dot_number, ${carrierScores.scoredAt} as scored_at, ${carrierScores.report} as report
    from ${carrierScores}
    where ${carrierScores.companyId} = ${companyId} and ${carrierScores.dotNumber} in ${dotNumbers} and ${carrierScores.status} = 'SCORED'
    order by ${carrierScores.dotNumber}, ${carrierScores.scoredAt} desc, ${carrierScores.id} desc`));
  return new Map(rows.map((row) => [row.dot_number, { scoredAt: new Date(row.scored_at), figures: row.report }]));
}

export interface NewScore {
  id: string;
  dotNumber: string;
  runId: string;
  status: 'SCORED' | 'NOT_FOUND' | 'FAILED';
  message: string | null;
  provider: string;
  asOf: string | null;
  figures: ScoredFigures | null;
}

/** Records scorings; answers the ids of those written (a scoring already in the run is not written twice). */
export async function insertScores(db: Executor, companyId: string, scores: NewScore[]): Promise<Set<string>> {
  if (scores.length === 0) return new Set();
  const rows = await db
    .insert(carrierScores)
    .values(scores.map(({ figures, ...score }) => ({ companyId, ...score, report: figures as unknown as Record<string, unknown> | null })))
    .onConflictDoNothing()
    .returning({ id: carrierScores.id });
  return new Set(rows.map((row) => row.id));
}

/** Brings the company's list up to date with the scorings, in one statement. */
export async function markScored(db: Executor, companyId: string, scores: NewScore[]): Promise<void> {
  if (scores.length === 0) return;
  const rows = scores.map((score) => ({
    dot_number: score.dotNumber, status: score.status, error: score.status === 'SCORED' ? null : score.message, legal_name: score.figures?.legalName ?? null,
  }));
  await db.execute(sql`
    update ${companyDots} set last_scored_at = now(), last_status = r.status, last_error = r.error, legal_name = coalesce(r.legal_name, ${companyDots.legalName})
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(dot_number text, status text, error text, legal_name text)
    where ${companyDots.companyId} = ${companyId} and ${companyDots.dotNumber} = r.dot_number`);
}

export async function insertChanges(db: Executor, companyId: string, changes: (DetectedChange & { id: string; dotNumber: string; scoreId: string })[]): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(carrierChanges).values(changes.map((change) => ({ companyId, ...change })));
}

export const MAX_HISTORY = 24;
export const MAX_CHANGES = 50;

/** The last MAX_HISTORY successful scorings of each DOT number, oldest first: their date and BASICs only. */
export async function histories(db: Executor, companyId: string, dotNumbers: string[]) {
  if (dotNumbers.length === 0) return [];
  const rows = rowsOf<{ dot_number: string; scored_at: string | Date; as_of: string; basics: ScoredFigures['basics'] }>(await db.execute(sql`
    select dot_number, scored_at, as_of, basics from (
      select ${carrierScores.dotNumber} as dot_number, ${carrierScores.scoredAt} as scored_at, ${carrierScores.asOf} as as_of, ${carrierScores.report}->'basics' as basics,
             row_number() over (partition by ${carrierScores.dotNumber} order by ${carrierScores.scoredAt} desc, ${carrierScores.id} desc) as position
      from ${carrierScores}
      where ${carrierScores.companyId} = ${companyId} and ${carrierScores.dotNumber} in ${dotNumbers} and ${carrierScores.status} = 'SCORED'
    ) as latest
    where position <= ${MAX_HISTORY}
    order by dot_number, scored_at`));
  return rows.map((row) => ({ dotNumber: row.dot_number, scoredAt: new Date(row.scored_at), figures: { asOf: row.as_of, basics: row.basics } }));
}

/** The last MAX_CHANGES changes of each DOT number, newest first. */
export async function changesOf(db: Executor, companyId: string, dotNumbers: string[]) {
  if (dotNumbers.length === 0) return [];
  const rows = rowsOf<{ id: string; dot_number: string; kind: string; basic: string | null; title: string; before: string | null; after: string | null; detected_at: string | Date }>(await db.execute(sql`
    select id, dot_number, kind, basic, title, before, after, detected_at from (
      select ${carrierChanges.id} as id, ${carrierChanges.dotNumber} as dot_number, ${carrierChanges.kind} as kind, ${carrierChanges.basic} as basic,
             ${carrierChanges.title} as title, ${carrierChanges.before} as before, ${carrierChanges.after} as after, ${carrierChanges.detectedAt} as detected_at,
             row_number() over (partition by ${carrierChanges.dotNumber} order by ${carrierChanges.detectedAt} desc, ${carrierChanges.id} desc) as position
      from ${carrierChanges}
      where ${carrierChanges.companyId} = ${companyId} and ${carrierChanges.dotNumber} in ${dotNumbers}
    ) as latest
    where position <= ${MAX_CHANGES}
    order by dot_number, detected_at desc, id desc`));
  return rows.map((row) => ({ ...row, dotNumber: row.dot_number, detectedAt: new Date(row.detected_at) }));
}

// ---------------------------------------------------------------------------------------------
// Peer measures (public carrier data, no company's)
// ---------------------------------------------------------------------------------------------

export interface PeerMeasure {
  dotNumber: string;
  basic: string;
  peerGroup: string;
  measure: number;
  asOf: string;
}

/** Records each carrier's latest measure per BASIC (one row per carrier and BASIC). */
export async function upsertPeerMeasures(db: Executor, measures: PeerMeasure[]): Promise<void> {
  // One row per key in one statement (ON CONFLICT may touch a row once).
  const unique = [...new Map(measures.map((measure) => [`${measure.dotNumber}/${measure.basic}`, measure])).values()];
  for (let start = 0; start < unique.length; start += 2_000) {
    await db
      .insert(carrierPeerMeasures)
      .values(unique.slice(start, start + 2_000))
      .onConflictDoUpdate({
        target: [carrierPeerMeasures.dotNumber, carrierPeerMeasures.basic],
        set: { peerGroup: sql`excluded.peer_group`, measure: sql`excluded.measure`, asOf: sql`excluded.as_of`, updatedAt: sql`now()` },
      });
  }
}

/** The measures of every carrier in each peer group, by group key. */
export async function peerDistributions(db: Executor, groupKeys: string[]): Promise<Map<string, number[]>> {
  const distributions = new Map<string, number[]>(groupKeys.map((key) => [key, []]));
  if (groupKeys.length === 0) return distributions;
  const rows = await db
    .select({ peerGroup: carrierPeerMeasures.peerGroup, measure: carrierPeerMeasures.measure })
    .from(carrierPeerMeasures)
    .where(inArray(carrierPeerMeasures.peerGroup, groupKeys));
  for (const row of rows) distributions.get(row.peerGroup)!.push(row.measure);
  return distributions;
}
