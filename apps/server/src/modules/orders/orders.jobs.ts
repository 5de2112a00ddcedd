// Fulfilment of orders: a durable pg-boss job per order, written with the order (orders.service.ts).
// The worker moves each order New → Ordered → Received → Complete, each step an event, and calls the
// provider with the order id as idempotency key, so a retry or a restart after a crash never
// orders twice. Every step is a conditional update: a repeated job finds the order further on
// and carries on from there (or does nothing once it is finished).
//
// Jobs are fetched and worked in batches (docs/DECISIONS.md "Fulfilment throughput"): each step
// is one statement for the whole batch (fulfilment.repository.ts) and the providers are asked all
// at once, so a sheet of 1,000 orders costs tens of statements per step instead of thousands. Each
// job still ends on its own (pg-boss `perJobResults`): one order's provider error retries that
// order alone, and a batch whose statement fails is retried order by order, so one bad order
// never takes its neighbours down with it.
import { DEFAULT_RISK_DEFINITION, type BusinessRiskAssessment, type MvrRecord, type Outcome, type PersonRiskAssessment, type TexasRecordType, type UsStateCode, type VehicleReport } from '@clearlane/contract';
import { OUTCOME_LABELS } from '@clearlane/contract/labels';
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import type { JobResult, JobWithMetadata, WorkOptions } from 'pg-boss';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { runAsCompany } from '../../db/tenant-scope.ts';
import { adjudicate, type Adjudication } from '../../adjudication/evaluate.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import type { ReportProviders } from '../../providers/report-providers.ts';
import type { PersonRiskRequest } from '../../providers/person-risk/person-risk-provider.ts';
import type { BusinessRiskRequest } from '../../providers/business-risk/business-risk-provider.ts';
import { FULFIL_ORDER_JOB, SINGLE_ORDER_PRIORITY, type Queue } from '../../jobs/queue.ts';
import { InvalidRulesetError, resolveRuleset, type RulesetView } from '../rulesets/rulesets.service.ts';
import * as repo from './orders.repository.ts';
import { findOrders, insertEvents, markComplete, markOrdered, markReceived } from './fulfilment.repository.ts';

export interface FulfilOrderJob {
  orderId: string;
  companyId: string;
}

type ProviderResult = MvrRecord | VehicleReport | PersonRiskAssessment | BusinessRiskAssessment;

const FINISHED = ['Complete', 'Failed', 'Error'];

interface Attempt {
  /** 1 for the first run of the job. */
  number: number;
  isLast: boolean;
}

export interface FulfilmentTask {
  job: FulfilOrderJob;
  attempt: Attempt;
}

/** How a job ends: done (pg-boss completes it), or failed with the error (pg-boss retries it). */
export type TaskOutcome = { ok: true } | { ok: false; error: unknown };

const DONE: TaskOutcome = { ok: true };

/**
 * What pg-boss keeps of a failed attempt. A failed statement's error (drizzle's "Failed query")
 * quotes the statement and its parameters, a whole batch of orders' names and licence numbers:
 * the database's own reason, its cause, is kept instead.
 */
export function failureMessage(error: unknown): string {
  const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return reason instanceof Error ? reason.message : String(reason);
}

/**
 * Lets requests and timers in between the worker's steps. PGlite runs SQL on this thread and
 * answers with promises already settled, and the sandbox answers without I/O: without a turn of
 * the event loop, a sheet's batches would chain microtask after microtask and keep every HTTP
 * request of the embedded server waiting until the whole sheet is done.
 */
const letOthersRun = () => nextTurnOfEventLoop();
const failed = (error: unknown): TaskOutcome => ({ ok: false, error });

/**
 * The fulfilment workers of one process. Sheets: a few workers fetching a batch of jobs at a time,
 * fetching again at once while batches come back full (`burstWhenBatchFull`). On PGlite, whose
 * one session runs every statement in turn, 2 workers of 100 (measured: 4-5 s for 1,000 orders,
 * against 7 s with 50 and 9 s with 200); on PostgreSQL 4 workers of 50, so a slow provider answer
 * holds 50 orders and a crash catches fewer in flight. Single orders: one worker of its own that
 * fetches only priority jobs, so an order placed on the order page never waits behind a sheet's
 * batches, even slow ones. All poll every 0.5 s when idle.
 */
export function fulfilmentWorkers(kind: DatabaseHandle['kind']): { name: string; options: WorkOptions }[] {
  const common = { pollingIntervalSeconds: 0.5, burstWhenBatchFull: true, perJobResults: true, includeMetadata: true } as const;
  return [
    { name: 'sheets', options: { ...common, ...(kind === 'pglite' ? { batchSize: 100, localConcurrency: 2 } : { batchSize: 50, localConcurrency: 4 }) } },
    { name: 'single orders', options: { ...common, batchSize: 10, localConcurrency: 1, minPriority: SINGLE_ORDER_PRIORITY } },
  ];
}

/**
 * Told, inside the transaction that finishes them (Complete, Failed or Error), which orders of a
 * company finished: what follows orders (a claim's status and judgement) commits with them. It
 * must write to the database only (no network, nothing that can wait long).
 */
export type OrdersFinishedListener = (tx: Database, companyId: string, orderIds: string[]) => Promise<void>;

export class OrderFulfilment {
  constructor(
    private readonly db: Database,
    private readonly providers: ReportProviders,
    private readonly log: (message: string, error?: unknown) => void = () => {},
    private readonly onFinished: OrdersFinishedListener = async () => {},
  ) {}

  /** Registers the workers of fulfilmentWorkers() on the queue. */
  async registerWorker(queue: Queue, kind: DatabaseHandle['kind']): Promise<void> {
    for (const { options } of fulfilmentWorkers(kind)) {
      await queue.work<FulfilOrderJob>(FULFIL_ORDER_JOB, options, async (jobs) => this.settle(jobs as JobWithMetadata<FulfilOrderJob>[]));
    }
  }

  /** Works a fetched batch and tells pg-boss how each job ended. */
  private async settle(jobs: JobWithMetadata<FulfilOrderJob>[]): Promise<JobResult[]> {
    const outcomes = await this.fulfilMany(jobs.map((job) => ({ job: job.data, attempt: { number: job.retryCount + 1, isLast: job.retryCount >= job.retryLimit } })));
    return jobs.map((job, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) return { id: job.id, status: 'completed' };
      return { id: job.id, status: 'failed', output: { message: failureMessage(outcome.error) } };
    });
  }

  /** Fulfils one order; throws when its job is to be retried (as pg-boss would be told). */
  async fulfil(job: FulfilOrderJob, attempt: Attempt): Promise<void> {
    const [outcome] = await this.fulfilMany([{ job, attempt }]);
    if (!outcome!.ok) throw outcome!.error;
  }

  /**
   * Fulfils a batch of orders, each company's as that company: row-level security holds the work
   * to its rows. The outcomes are in the order of the tasks.
   */
  async fulfilMany(tasks: FulfilmentTask[]): Promise<TaskOutcome[]> {
    const byCompany = new Map<string, FulfilmentTask[]>();
    for (const task of tasks) byCompany.set(task.job.companyId, [...(byCompany.get(task.job.companyId) ?? []), task]);
    const outcomes = new Map<string, TaskOutcome>();
    await Promise.all([...byCompany].map(([companyId, companyTasks]) => runAsCompany(companyId, async () => {
      const settled = await this.fulfilForCompany(companyId, companyTasks).catch((error: unknown) => new Map<string, TaskOutcome>(companyTasks.map((task) => [task.job.orderId, failed(error)])));
      for (const [orderId, outcome] of settled) outcomes.set(`${companyId}/${orderId}`, outcome);
    })));
    return tasks.map((task) => outcomes.get(`${task.job.companyId}/${task.job.orderId}`) ?? DONE);
  }

  /** Orders not found, or already finished, are done: their outcome is simply absent. */
  private async fulfilForCompany(companyId: string, tasks: FulfilmentTask[]): Promise<Map<string, TaskOutcome>> {
    const outcomes = new Map<string, TaskOutcome>();
    // The same order twice in one batch (two jobs for it) is worked once, by its first job.
    const attempts = new Map<string, Attempt>();
    for (const task of tasks) if (!attempts.has(task.job.orderId)) attempts.set(task.job.orderId, task.attempt);
    const attemptOf = (order: repo.OrderRow) => attempts.get(order.id)!;

    await letOthersRun();
    const found = (await findOrders(this.db, companyId, [...attempts.keys()])).filter((order) => !FINISHED.includes(order.status));
    const toAsk = found.filter((order) => order.status === 'New' || order.status === 'Ordered');
    const received = found.filter((order) => order.status === 'Received');

    await letOthersRun();
    const asked = await this.inBulkOrEach(toAsk, outcomes, (tx, batch) => this.markOrdered(tx, companyId, batch));
    const answers = await Promise.all(asked.map(async (order) => {
      try {
        return { order, result: await this.callProvider(order) };
      } catch (error) {
        return { order, error };
      }
    }));
    await letOthersRun();
    for (const answer of answers) {
      if ('error' in answer) outcomes.set(answer.order.id, await this.providerFailed(answer.order, answer.error, attemptOf(answer.order)).catch(failed));
    }
    const answered: repo.OrderRow[] = answers.flatMap((answer) => ('result' in answer ? [{ ...answer.order, result: answer.result as unknown as Record<string, unknown> }] : []));
    received.push(...await this.inBulkOrEach(answered, outcomes, (tx, batch) => this.markReceived(tx, companyId, batch)));

    const verdicts: Verdict[] = [];
    const rulesets = new Map<string | null, Promise<RulesetView | undefined>>();
    const rulesetOf = (namespace: string | null) => {
      if (!rulesets.has(namespace)) rulesets.set(namespace, resolveRuleset(this.db, companyId, namespace));
      return rulesets.get(namespace)!;
    };
    for (const order of received) {
      try {
        verdicts.push(await this.verdictOf(order, rulesetOf));
      } catch (error) {
        outcomes.set(order.id, await this.completionFailed(order, error, attemptOf(order)));
      }
    }
    const failedToComplete = new Map<string, TaskOutcome>();
    await letOthersRun();
    await this.inBulkOrEach(verdicts, failedToComplete, (tx, batch) => this.markComplete(tx, companyId, batch));
    for (const [orderId, outcome] of failedToComplete) {
      const { order } = verdicts.find((verdict) => verdict.id === orderId)!;
      outcomes.set(orderId, outcome.ok ? outcome : await this.completionFailed(order, outcome.error, attemptOf(order)));
    }
    return outcomes;
  }

  /**
   * Runs one step for a whole batch in one transaction; if that fails, once more for each order
   * on its own, so the order that broke it fails alone (its outcome goes to `outcomes`). Answers
   * the items the step moved on.
   */
  private async inBulkOrEach<T extends { id: string }>(items: T[], outcomes: Map<string, TaskOutcome>, step: (tx: Database, batch: T[]) => Promise<T[]>): Promise<T[]> {
    if (items.length === 0) return [];
    try {
      return await this.db.transaction((tx) => step(tx as unknown as Database, items));
    } catch (error) {
      if (items.length === 1) {
        outcomes.set(items[0]!.id, failed(error));
        return [];
      }
    }
    const moved: T[] = [];
    for (const item of items) {
      try {
        moved.push(...await this.db.transaction((tx) => step(tx as unknown as Database, [item])));
      } catch (error) {
        outcomes.set(item.id, failed(error));
      }
    }
    return moved;
  }

  /** New or Ordered → Ordered (one attempt more), with an ORDERED event for those that were New. */
  private async markOrdered(tx: Database, companyId: string, orders: repo.OrderRow[]): Promise<repo.OrderRow[]> {
    const moved = await markOrdered(tx, companyId, orders.map(({ id, status }) => ({ id, status })));
    await insertEvents(tx, orders.filter((order) => order.status === 'New' && moved.has(order.id)).map((order) => ({
      companyId, orderId: order.id, type: 'ORDERED', message: 'Sent to the provider', fromStatus: 'New', toStatus: 'Ordered',
    })));
    return orders.filter((order) => moved.has(order.id)).map((order) => ({ ...order, status: 'Ordered', processingStatus: 'Processing', attempts: order.attempts + 1 }));
  }

  private async markReceived(tx: Database, companyId: string, orders: repo.OrderRow[]): Promise<repo.OrderRow[]> {
    const moved = await markReceived(tx, companyId, orders.map(({ id, result }) => ({ id, result })));
    await insertEvents(tx, orders.filter((order) => moved.has(order.id)).map((order) => ({
      companyId, orderId: order.id, type: 'RECEIVED', message: 'The provider answered', fromStatus: 'Ordered', toStatus: 'Received',
    })));
    return orders.filter((order) => moved.has(order.id)).map((order) => ({ ...order, status: 'Received' }));
  }

  private async markComplete(tx: Database, companyId: string, verdicts: Verdict[]): Promise<Verdict[]> {
    const moved = await markComplete(tx, companyId, verdicts.map(({ id, outcome, adjudication }) => ({ id, outcome, adjudication })));
    await insertEvents(tx, verdicts.filter((verdict) => moved.has(verdict.id)).flatMap(({ id, outcome, adjudication }) => [
      ...(adjudication ? [{
        companyId, orderId: id, type: 'ADJUDICATED', message: adjudication.summary,
        data: { outcome: adjudication.outcome, rulesetNamespace: adjudication.rulesetNamespace, rulesetVersion: adjudication.rulesetVersion ?? null, decidingRuleIds: adjudication.decidingRuleIds },
      }] : []),
      { companyId, orderId: id, type: 'COMPLETED', fromStatus: 'Received', toStatus: 'Complete', message: completedMessage(outcome), data: { outcome } },
    ]));
    await this.onFinished(tx, companyId, [...moved]);
    return verdicts.filter((verdict) => moved.has(verdict.id));
  }

  private async callProvider(order: repo.OrderRow): Promise<ProviderResult> {
    // The input was validated by the contract when the order was placed (orders.service.ts).
    const input = order.input as {
      driver?: unknown; texasRecordType?: TexasRecordType; vin?: string;
      person?: Omit<PersonRiskRequest, 'idempotencyKey' | 'requestedAt' | 'definitionName'>;
      business?: Omit<BusinessRiskRequest, 'idempotencyKey' | 'requestedAt' | 'definitionName'>;
    };
    const requestedAt = new Date();
    const idempotencyKey = order.id;
    switch (order.type) {
      case 'MVR':
      case 'MVR_WITH_ADJUDICATION': {
        const driver = input.driver as { firstName: string; lastName: string; dateOfBirth: string; licenceNumber: string; licenceState: UsStateCode };
        return this.providers.mvr.fetchRecord({
          idempotencyKey, requestedAt, state: driver.licenceState, licenceNumber: driver.licenceNumber, firstName: driver.firstName,
          lastName: driver.lastName, dateOfBirth: driver.dateOfBirth, permissiblePurpose: order.permissiblePurpose ?? '',
          texasRecordType: input.texasRecordType,
        });
      }
      case 'VIN_REPORT':
        return this.providers.vehicle.fetchReport({ idempotencyKey, requestedAt, vin: String(input.vin) });
      case 'PERSON_RISK_ASSESSMENT':
        return this.providers.personRisk.assess({ idempotencyKey, requestedAt, definitionName: order.riskAssessmentDefinitionName ?? DEFAULT_RISK_DEFINITION, ...input.person! });
      case 'BUSINESS_RISK_INFORM_REPORT':
        return this.providers.businessRisk.assess({ idempotencyKey, requestedAt, definitionName: order.riskAssessmentDefinitionName ?? DEFAULT_RISK_DEFINITION, ...input.business! });
      default:
        throw new ProviderError(`No provider fulfils ${order.type} orders.`, false);
    }
  }

  /** The outcome of a received order: from the answer itself, or from the company's rules. */
  private async verdictOf(order: repo.OrderRow, rulesetOf: (namespace: string | null) => Promise<RulesetView | undefined>): Promise<Verdict> {
    const result = order.result as unknown as ProviderResult;
    let outcome: Outcome | null = noResultsOutcome(result);
    let adjudication: Adjudication | null = null;
    if (order.isAutoAdjudicated && isMvr(order.type)) {
      try {
        const ruleset = await rulesetOf(order.ruleNamespace);
        if (ruleset) {
          adjudication = { ...adjudicate(result as MvrRecord, ruleset), rulesetVersion: ruleset.version };
          outcome = adjudication.outcome;
        }
      } catch (error) {
        if (!(error instanceof InvalidRulesetError)) throw error;
        // A ruleset edited into something invalid will not mend by retrying: the report is kept,
        // and the order says it was not judged and why (docs/DECISIONS.md).
        this.log(`order ${order.id}: ruleset "${error.namespace}" of company ${order.companyId} is not valid`, error);
        outcome ??= 'Indeterminate';
        adjudication = { outcome, rulesetNamespace: error.namespace, results: [], decidingRuleIds: [], summary: error.summary };
      }
    }
    return { id: order.id, order, outcome, adjudication };
  }

  /**
   * Completing failed: retried like any failure; but once the last attempt fails too, the order
   * must not wait in Received for ever with nobody told: it ends in Error with the reason.
   */
  private async completionFailed(order: repo.OrderRow, error: unknown, attempt: Attempt): Promise<TaskOutcome> {
    if (!attempt.isLast) return failed(error);
    this.log(`order ${order.id}: could not be completed`, error);
    // The detail is logged for operators; the order shows a reason a user can act on.
    const reason = 'The report arrived but could not be completed (an internal error, logged for the operators). Please order it again.';
    try {
      await this.transition(order, 'Error', { processingStatus: 'Failed', failureReason: reason, completedAt: new Date() }, { type: 'ERROR', message: reason });
      return DONE;
    } catch (transitionError) {
      return failed(transitionError);
    }
  }

  /**
   * A transient failure is retried by pg-boss (with backoff) until the last attempt, which ends the
   * order in Error; a permanent one ends it in Failed at once. Either way the reason is kept.
   */
  private async providerFailed(order: repo.OrderRow, error: unknown, attempt: Attempt): Promise<TaskOutcome> {
    const transient = !(error instanceof ProviderError) || error.transient;
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof ProviderError)) this.log(`order ${order.id}: unexpected error while fulfilling`, error);
    if (transient && !attempt.isLast) {
      await repo.insertEvent(this.db, {
        companyId: order.companyId, orderId: order.id, type: 'PROVIDER_ERROR',
        message: `Attempt ${attempt.number} failed: ${message} It will be retried.`,
        data: { attempt: attempt.number, code: error instanceof ProviderError ? (error.providerCode ?? null) : null },
      });
      return failed(error); // pg-boss retries the job after its backoff
    }
    const status = transient ? 'Error' : 'Failed';
    const reason = transient ? `The provider did not answer after ${attempt.number} attempts: ${message}` : message;
    await this.transition(order, status, { processingStatus: 'Failed', failureReason: reason, completedAt: new Date() }, { type: status === 'Error' ? 'ERROR' : 'FAILED', message: reason });
    return DONE;
  }

  /** Moves the order on (status null: stays) with an event, only from the status it was read in. */
  private async transition(order: repo.OrderRow, status: string | null, set: Partial<repo.NewOrderRow>, event: { type: string; message: string } | null) {
    return this.db.transaction(async (tx) => {
      const updated = await repo.updateOrder(tx, order.companyId, order.id, { ...set, ...(status ? { status } : {}) }, [order.status]);
      if (updated && event) {
        await repo.insertEvent(tx, { companyId: order.companyId, orderId: order.id, ...event, fromStatus: order.status, toStatus: status ?? order.status });
      }
      if (updated && status && FINISHED.includes(status)) await this.onFinished(tx as unknown as Database, order.companyId, [order.id]);
      return updated;
    });
  }
}

interface Verdict {
  id: string;
  order: repo.OrderRow;
  outcome: Outcome | null;
  adjudication: Adjudication | null;
}

/** The COMPLETED event's words: the timeline's title says "Complete", so the message says only what it came to. */
export const completedMessage = (outcome: Outcome | null | undefined) => (outcome ? `Outcome: ${OUTCOME_LABELS[outcome]}` : 'The report is ready');

const isMvr = (type: string) => type === 'MVR' || type === 'MVR_WITH_ADJUDICATION';

/** Outcomes the provider's answer decides by itself, whether or not rules are applied. */
function noResultsOutcome(result: ProviderResult): Outcome | null {
  switch (result.result) {
    case 'NO_RECORD_FOUND':
    case 'NO_RECORDS_FOUND':
    case 'SUBJECT_NOT_FOUND':
    case 'BUSINESS_NOT_FOUND':
      return 'NoResults';
    case 'STATE_NOT_FULFILLED':
      return 'NotFulfilled';
    default:
      return null;
  }
}
