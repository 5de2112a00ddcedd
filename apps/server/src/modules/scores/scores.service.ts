// The company's DOT numbers and their quality scores (issue 12). Scoring a few numbers on a quick
// provider (the sandbox) happens in the request and answers 200 with their report; more numbers, or
// a provider that must be spaced out (QCMobile's rate limit), become durable pg-boss jobs of
// SCORE_BATCH_SIZE numbers, written with the numbers in one transaction, and answer 202.
import {
  BASIC_CODES, type AddDotBody, type CarrierReport, type CompanyDot, type CompanyDotList, type DotQualityReport, type DotQualityReportQuery,
  type ScoreDotsAccepted, type ScoreDotsBody,
} from '@clearlane/contract';
import { AppError, notFound } from '../../http/errors.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import type { Database } from '../../db/client.ts';
import { DOT_SCORE_JOB, DOT_SCORE_RETRY, inTransaction, type Queue } from '../../jobs/queue.ts';
import { historyEntryOf } from './carrier-scoring.ts';
import { newRunId, type CarrierScoring, type ScoringRun } from './scoring.ts';
import * as repo from './scores.repository.ts';

/** At most this many numbers are scored within the request, and only on a provider that answers quickly. */
export const SCORE_IN_REQUEST_LIMIT = 25;
/** Numbers per scoring job. */
export const SCORE_BATCH_SIZE = 50;

export type ScoreAnswer = { status: 200; report: DotQualityReport } | { status: 202; accepted: ScoreDotsAccepted };

const dotOf = (row: repo.CompanyDotRow): CompanyDot => ({
  dotNumber: row.dotNumber,
  relationship: row.relationship as CompanyDot['relationship'],
  label: row.label,
  legalName: row.legalName,
  addedAt: row.addedAt.toISOString(),
  lastScoredAt: row.lastScoredAt?.toISOString() ?? null,
  lastStatus: row.lastStatus as CompanyDot['lastStatus'],
  lastError: row.lastError,
});

const alertCount = (report: CarrierReport) => report.basics.filter((basic) => basic.alert).length;

export class DotScoresService {
  constructor(private readonly db: Database, private readonly scoring: CarrierScoring, private readonly queue: () => Queue | undefined) {}

  /** GET /dots */
  async list(principal: Principal): Promise<CompanyDotList> {
    assertCan(principal, 'view', 'Scores');
    return { dots: (await repo.listDots(this.db, principal.companyId)).map(dotOf) };
  }

  /** POST /dots: answers the DOT number and whether it was new. */
  async add(principal: Principal, body: AddDotBody): Promise<{ dot: CompanyDot; created: boolean }> {
    assertCan(principal, 'create', 'Scores');
    const existed = await repo.findDot(this.db, principal.companyId, body.dotNumber);
    const row = await repo.upsertDot(this.db, principal.companyId, {
      dotNumber: body.dotNumber, relationship: body.relationship ?? 'WATCHED', label: body.label ?? null, addedBy: principal.userId,
    });
    return { dot: dotOf(row), created: !existed };
  }

  /** DELETE /dots/{dotNumber}: the number leaves the list with its scorings and changes. */
  async remove(principal: Principal, dotNumber: string): Promise<void> {
    assertCan(principal, 'manage', 'Scores');
    if (!(await repo.deleteDot(this.db, principal.companyId, dotNumber))) throw notFound('DOT number');
  }

  /** POST /scores/dot/quality: the numbers join the company's list (as watched) and are scored. */
  async score(principal: Principal, body: ScoreDotsBody): Promise<ScoreAnswer> {
    assertCan(principal, 'create', 'Scores');
    const { companyId, userId } = principal;
    const dotNumbers = [...new Set(body)];
    if (this.scoring.providerAnswersQuickly && dotNumbers.length <= SCORE_IN_REQUEST_LIMIT) {
      await repo.watchDots(this.db, companyId, dotNumbers, userId);
      await this.scoring.score({ companyId, runId: newRunId(), dotNumbers });
      return { status: 200, report: await this.report(principal, { dotNumber: dotNumbers }) };
    }
    const queue = this.queue();
    if (!queue) throw new AppError(503, 'QueueUnavailable', 'DOT numbers cannot be scored right now: the job queue is not running. Please try again shortly.', { title: 'Service Unavailable' });
    const runs: ScoringRun[] = [];
    for (let start = 0; start < dotNumbers.length; start += SCORE_BATCH_SIZE) runs.push({ companyId, runId: newRunId(), dotNumbers: dotNumbers.slice(start, start + SCORE_BATCH_SIZE) });
    const jobIds = await this.db.transaction(async (tx) => {
      await repo.watchDots(tx, companyId, dotNumbers, userId);
      const ids: string[] = [];
      // The run id is the job's id too: a job sent twice is one job.
      for (const run of runs) ids.push((await queue.send(DOT_SCORE_JOB, run, { ...DOT_SCORE_RETRY, id: run.runId, db: inTransaction(tx) })) ?? run.runId);
      return ids;
    });
    return { status: 202, accepted: { dotNumbers, jobIds } };
  }

  /** GET /scores/dot/quality/report: the company's DOT numbers (or those asked for), own carriers first, then most alerts first. */
  async report(principal: Principal, query: DotQualityReportQuery): Promise<DotQualityReport> {
    assertCan(principal, 'view', 'Scores');
    const { companyId } = principal;
    const asked = query.dotNumber === undefined ? undefined : [...new Set(Array.isArray(query.dotNumber) ? query.dotNumber : [query.dotNumber])];
    const dots = await repo.listDots(this.db, companyId, asked);
    if (asked && dots.length < asked.length) {
      const listed = new Set(dots.map((dot) => dot.dotNumber));
      throw new AppError(404, 'NotFound', `These DOT numbers are not on your company's list: ${asked.filter((dot) => !listed.has(dot)).join(', ')}.`);
    }
    const numbers = dots.map((dot) => dot.dotNumber);
    const [latest, histories, changes] = await Promise.all([
      repo.latestFigures(this.db, companyId, numbers), repo.histories(this.db, companyId, numbers), repo.changesOf(this.db, companyId, numbers),
    ]);
    const carriers = dots.map((dot): CarrierReport => {
      const last = latest.get(dot.dotNumber);
      const figures = last?.figures;
      return {
        dotNumber: dot.dotNumber,
        relationship: dot.relationship as CarrierReport['relationship'],
        label: dot.label,
        status: dot.lastStatus as CarrierReport['status'],
        statusMessage: dot.lastError,
        legalName: figures?.legalName ?? dot.legalName,
        dbaName: figures?.dbaName ?? null,
        source: figures?.source ?? null,
        asOf: figures?.asOf ?? null,
        scoredAt: last?.scoredAt.toISOString() ?? null,
        carrier: figures?.carrier ?? null,
        basics: figures ? BASIC_CODES.map((code) => figures.basics.find((basic) => basic.code === code)!) : [],
        outOfService: figures?.outOfService ?? null,
        safetyRating: figures?.safetyRating ?? null,
        authority: figures?.authority ?? null,
        insurance: figures?.insurance ?? null,
        changes: changes.filter((change) => change.dotNumber === dot.dotNumber).map((change) => ({
          id: change.id, kind: change.kind as CarrierReport['changes'][number]['kind'], basic: change.basic as CarrierReport['changes'][number]['basic'],
          title: change.title, before: change.before, after: change.after, detectedAt: change.detectedAt.toISOString(),
        })),
        history: histories.filter((entry) => entry.dotNumber === dot.dotNumber).map((entry) => historyEntryOf(entry.scoredAt, entry.figures)),
      };
    });
    carriers.sort((a, b) => (a.relationship === b.relationship ? 0 : a.relationship === 'OWN' ? -1 : 1) || alertCount(b) - alertCount(a) || a.dotNumber.localeCompare(b.dotNumber));
    return { carriers };
  }
}
