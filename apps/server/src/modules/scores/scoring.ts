// Scoring a company's DOT numbers: ask the carrier-data provider, compute the figures, rank them
// among their peers, record one scoring per number (the history), what changed since the last
// one, and mail the company's Managers and admins about changes for the worse. The same code runs
// in a request (a few numbers on a quick provider) and in the pg-boss job (scores.jobs.ts); both
// run as the company, and a run id makes a retried job write nothing twice.
import { uuidv7 } from 'uuidv7';
import { ALARMING_CARRIER_CHANGES } from '@clearlane/contract';
import type { Config } from '../../config/config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Messenger, OutgoingMessage } from '../../mail/messenger.ts';
import { isoDate } from '../../providers/sandbox-shared.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import type { CarrierDataProvider, CarrierLookup } from '../../providers/carrier-data/carrier-data-provider.ts';
import { companyOrigin } from '../../mail/company-origin.ts';
import { alertRecipients, findCompanyToNotify, type Recipient } from '../monitoring/monitoring.service.ts';
import { changesBetween, finishBasics, planBasics, scoredFigures, type DetectedChange, type PlannedBasic, type ScoredFigures } from './carrier-scoring.ts';
import * as repo from './scores.repository.ts';

/** Lookups in flight at once: the provider's own rate limit (QCMobile) spaces them further. */
const LOOKUP_CONCURRENCY = 8;

interface Outcome {
  dotNumber: string;
  lookup: CarrierLookup | { kind: 'FAILED'; message: string };
}

/** Runs `work` over the items with at most `limit` at once, answers in the items' order. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface ScoringRun {
  companyId: string;
  runId: string;
  dotNumbers: string[];
}

export interface CarrierChangeMail {
  dotNumber: string;
  legalName: string | null;
  changes: DetectedChange[];
}

export class CarrierScoring {
  constructor(
    private readonly db: Database,
    private readonly provider: CarrierDataProvider,
    private readonly messenger: Messenger,
    private readonly config: Pick<Config, 'PORTAL_URL' | 'ROOT_DOMAIN'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The database it scores into (the CLI reads the list back from it). */
  get database(): Database {
    return this.db;
  }

  get providerAnswersQuickly(): boolean {
    return this.provider.answersQuickly;
  }

  /** Scores the run's DOT numbers (the company's: listed before the run). Call as the company. */
  async score(run: ScoringRun): Promise<void> {
    const outcomes = await mapLimited(run.dotNumbers, LOOKUP_CONCURRENCY, async (dotNumber): Promise<Outcome> => {
      try {
        return { dotNumber, lookup: await this.provider.lookup(dotNumber) };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        return { dotNumber, lookup: { kind: 'FAILED', message: `${error.message} The number is scored again with the next scoring.` } };
      }
    });
    const today = isoDate(this.now());
    const planned = new Map<string, PlannedBasic[]>();
    for (const { dotNumber, lookup } of outcomes) if (lookup.kind === 'FOUND') planned.set(dotNumber, planBasics(lookup.record, this.provider.name, today));

    // Every measure joins its peer group first, so the run's carriers rank among each other too.
    const peerMeasures = [...planned].flatMap(([dotNumber, basics]) =>
      basics.flatMap((basic) => (basic.peerGroup && basic.measure !== null ? [{ dotNumber, basic: basic.code, peerGroup: basic.peerGroup.key, measure: basic.measure, asOf: today }] : [])));
    await repo.upsertPeerMeasures(this.db, peerMeasures);
    const peers = await repo.peerDistributions(this.db, [...new Set(peerMeasures.map((measure) => measure.peerGroup))]);

    const scores: repo.NewScore[] = outcomes.map(({ dotNumber, lookup }) => {
      const base = { id: uuidv7(), dotNumber, runId: run.runId, provider: this.provider.name };
      if (lookup.kind === 'NOT_FOUND') return { ...base, status: 'NOT_FOUND', message: lookup.message, asOf: null, figures: null };
      if (lookup.kind === 'FAILED') return { ...base, status: 'FAILED', message: lookup.message, asOf: null, figures: null };
      const basics = finishBasics(planned.get(dotNumber)!, lookup.record, peers, this.provider.name, today);
      return { ...base, status: 'SCORED', message: null, asOf: lookup.record.asOf, figures: scoredFigures(lookup.record, basics, this.provider.name) };
    });

    const mails = await this.db.transaction(async (tx) => {
      // A number removed from the list since the run began is not scored.
      const listed = await repo.lockDots(tx, run.companyId, run.dotNumbers);
      const previous = await repo.latestFigures(tx, run.companyId, [...listed]);
      const written = await repo.insertScores(tx, run.companyId, scores.filter((score) => listed.has(score.dotNumber)));
      const alarming: CarrierChangeMail[] = [];
      const recorded = scores.filter((score) => written.has(score.id)); // not those scored by an earlier attempt of this run
      await repo.markScored(tx, run.companyId, recorded);
      const changes = recorded.flatMap((score) => {
        if (!score.figures) return [];
        const found = changesBetween(previous.get(score.dotNumber)?.figures ?? null, score.figures);
        const worse = found.filter((change) => ALARMING_CARRIER_CHANGES.includes(change.kind));
        if (worse.length > 0) alarming.push({ dotNumber: score.dotNumber, legalName: score.figures.legalName, changes: worse });
        return found.map((change) => ({ ...change, id: uuidv7(), dotNumber: score.dotNumber, scoreId: score.id }));
      });
      await repo.insertChanges(tx, run.companyId, changes);
      return this.recordMails(tx, run.companyId, alarming);
    });
    for (const id of mails) await this.messenger.dispatch(id);
  }

  /** One mail per Manager and admin listing the run's changes for the worse, written with the scorings. */
  private async recordMails(tx: Executor, companyId: string, carriers: CarrierChangeMail[]): Promise<string[]> {
    if (carriers.length === 0) return [];
    const company = await findCompanyToNotify(tx, companyId);
    if (!company) return [];
    const origin = companyOrigin(company, this.config);
    const recipients = await alertRecipients(tx, companyId);
    const ids: string[] = [];
    for (const recipient of recipients) ids.push(await this.messenger.record(tx, carrierChangeMessage(recipient, company.name, origin, carriers)));
    return ids;
  }
}

export function carrierChangeMessage(recipient: Recipient, companyName: string, origin: string, carriers: CarrierChangeMail[]): OutgoingMessage {
  const count = carriers.length;
  return {
    channel: 'EMAIL',
    recipient: recipient.email,
    subject: `${companyName}: ${count === 1 ? `carrier ${carriers[0]!.legalName ?? carriers[0]!.dotNumber} changed` : `${count} carriers changed`} for the worse`,
    body: [
      `Hello ${recipient.firstName},`,
      '',
      `The latest scoring of ${companyName}'s carriers found ${count === 1 ? 'a change' : 'changes'} that need${count === 1 ? 's' : ''} your attention:`,
      '',
      ...carriers.flatMap((carrier) => [
        `USDOT ${carrier.dotNumber} · ${carrier.legalName ?? 'name unknown'}`,
        ...carrier.changes.map((change) => `- ${change.title}${change.before || change.after ? ` (was: ${change.before ?? '—'}; now: ${change.after ?? '—'})` : ''}`),
        `  ${origin}/scores/dot-quality?dotNumber=${carrier.dotNumber}`,
        '',
      ]),
      'You receive this as a Company Admin or Manager of the company.',
    ].join('\n'),
  };
}

/** A new run id: one per scoring request (or per batch of a queued one). */
export const newRunId = () => uuidv7();

export type { ScoredFigures };
