// Fulfilment of an order: a durable pg-boss job written with the order (orders.service.ts). The
// worker moves the order New → Ordered → Received → Complete, each step an event, and calls the
// provider with the order id as idempotency key, so a retry or a restart after a crash never
// orders twice. Every step is a conditional update: a repeated job finds the order further on
// and carries on from there (or does nothing once it is finished).
import type { BusinessRiskAssessment, MvrRecord, Outcome, PersonRiskAssessment, TexasRecordType, UsStateCode, VehicleReport } from '@clearlane/contract';
import type { JobWithMetadata } from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { runAsCompany } from '../../db/tenant-scope.ts';
import { adjudicate, type Adjudication } from '../../adjudication/evaluate.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import type { ReportProviders } from '../../providers/report-providers.ts';
import type { PersonRiskRequest } from '../../providers/person-risk/person-risk-provider.ts';
import type { BusinessRiskRequest } from '../../providers/business-risk/business-risk-provider.ts';
import { FULFIL_ORDER_JOB, type Queue } from '../../jobs/queue.ts';
import { InvalidRulesetError, resolveRuleset } from '../rulesets/rulesets.service.ts';
import * as repo from './orders.repository.ts';

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

export class OrderFulfilment {
  constructor(private readonly db: Database, private readonly providers: ReportProviders, private readonly log: (message: string, error?: unknown) => void = () => {}) {}

  /**
   * One job per fetch and several workers: a slow provider answer holds one worker, not the
   * others. On PGlite the workers share its one session for SQL, but wait for providers apart.
   */
  async registerWorker(queue: Queue, options: { concurrency?: number } = {}): Promise<void> {
    await queue.work<FulfilOrderJob>(
      FULFIL_ORDER_JOB,
      { batchSize: 1, localConcurrency: options.concurrency ?? 4, includeMetadata: true, pollingIntervalSeconds: 0.5 },
      async (jobs) => {
        for (const job of jobs as JobWithMetadata<FulfilOrderJob>[]) {
          await this.fulfil(job.data, { number: job.retryCount + 1, isLast: job.retryCount >= job.retryLimit });
        }
      },
    );
  }

  /** Fulfils one order as its company: row-level security holds the job to that company's rows. */
  fulfil(job: FulfilOrderJob, attempt: Attempt): Promise<void> {
    return runAsCompany(job.companyId, () => this.fulfilInCompanyScope(job, attempt));
  }

  private async fulfilInCompanyScope({ orderId, companyId }: FulfilOrderJob, attempt: Attempt): Promise<void> {
    let order = await repo.findOrder(this.db, companyId, orderId);
    if (!order || FINISHED.includes(order.status)) return;

    if (order.status === 'New' || order.status === 'Ordered') {
      order = await this.transition(order, order.status === 'New' ? 'Ordered' : null, { processingStatus: 'Processing', attempts: order.attempts + 1 },
        order.status === 'New' ? { type: 'ORDERED', message: 'Sent to the provider' } : null);
      if (!order) return;
      let result: ProviderResult;
      try {
        result = await this.callProvider(order);
      } catch (error) {
        await this.providerFailed(order, error, attempt);
        return;
      }
      order = await this.transition(order, 'Received', { result: result as unknown as Record<string, unknown> }, { type: 'RECEIVED', message: 'The provider answered' });
      if (!order) return;
    }
    if (order.status === 'Received') {
      try {
        await this.complete(order);
      } catch (error) {
        // Retried like any failure; but once the last attempt fails too, the order must not wait in
        // Received for ever with nobody told: it ends in Error with the reason.
        if (!attempt.isLast) throw error;
        this.log(`order ${order.id}: could not be completed`, error);
        // The detail is logged for operators; the order shows a reason a user can act on.
        const reason = 'The report arrived but could not be completed (an internal error, logged for the operators). Please order it again.';
        await this.transition(order, 'Error', { processingStatus: 'Failed', failureReason: reason, completedAt: new Date() }, { type: 'ERROR', message: reason });
      }
    }
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
        return this.providers.personRisk.assess({ idempotencyKey, requestedAt, definitionName: order.riskAssessmentDefinitionName ?? 'standard', ...input.person! });
      case 'BUSINESS_RISK_INFORM_REPORT':
        return this.providers.businessRisk.assess({ idempotencyKey, requestedAt, definitionName: order.riskAssessmentDefinitionName ?? 'standard', ...input.business! });
      default:
        throw new ProviderError(`No provider fulfils ${order.type} orders.`, false);
    }
  }

  /**
   * A transient failure is retried by pg-boss (with backoff) until the last attempt, which ends the
   * order in Error; a permanent one ends it in Failed at once. Either way the reason is kept.
   */
  private async providerFailed(order: repo.OrderRow, error: unknown, attempt: Attempt) {
    const transient = !(error instanceof ProviderError) || error.transient;
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof ProviderError)) this.log(`order ${order.id}: unexpected error while fulfilling`, error);
    if (transient && !attempt.isLast) {
      await repo.insertEvent(this.db, {
        companyId: order.companyId, orderId: order.id, type: 'PROVIDER_ERROR',
        message: `Attempt ${attempt.number} failed: ${message} It will be retried.`,
        data: { attempt: attempt.number, code: error instanceof ProviderError ? (error.providerCode ?? null) : null },
      });
      throw error; // pg-boss retries the job after its backoff
    }
    const status = transient ? 'Error' : 'Failed';
    const reason = transient ? `The provider did not answer after ${attempt.number} attempts: ${message}` : message;
    await this.transition(order, status, { processingStatus: 'Failed', failureReason: reason, completedAt: new Date() }, { type: status === 'Error' ? 'ERROR' : 'FAILED', message: reason });
  }

  private async complete(order: repo.OrderRow) {
    const result = order.result as unknown as ProviderResult;
    let outcome: Outcome | null = noResultsOutcome(result);
    let adjudication: Adjudication | null = null;
    if (order.isAutoAdjudicated && isMvr(order.type)) {
      try {
        const ruleset = await resolveRuleset(this.db, order.companyId, order.ruleNamespace);
        if (ruleset) {
          adjudication = adjudicate(result as MvrRecord, ruleset);
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
    await this.db.transaction(async (tx) => {
      const updated = await repo.updateOrder(tx, order.companyId, order.id, {
        status: 'Complete', processingStatus: 'Complete', outcome, adjudication: adjudication as unknown as Record<string, unknown> | null, completedAt: new Date(),
      }, ['Received']);
      if (!updated) return;
      if (adjudication) {
        await repo.insertEvent(tx, {
          companyId: order.companyId, orderId: order.id, type: 'ADJUDICATED', message: `${adjudication.outcome}: ${adjudication.summary}`,
          data: { outcome: adjudication.outcome, rulesetNamespace: adjudication.rulesetNamespace, decidingRuleIds: adjudication.decidingRuleIds },
        });
      }
      await repo.insertEvent(tx, {
        companyId: order.companyId, orderId: order.id, type: 'COMPLETED', fromStatus: 'Received', toStatus: 'Complete',
        message: outcome ? `Complete: ${outcome}` : 'Complete', data: { outcome },
      });
    });
  }

  /** Moves the order on (status null: stays) with an event, only from the status it was read in. */
  private async transition(order: repo.OrderRow, status: string | null, set: Partial<repo.NewOrderRow>, event: { type: string; message: string } | null) {
    return this.db.transaction(async (tx) => {
      const updated = await repo.updateOrder(tx, order.companyId, order.id, { ...set, ...(status ? { status } : {}) }, [order.status]);
      if (updated && event) {
        await repo.insertEvent(tx, { companyId: order.companyId, orderId: order.id, ...event, fromStatus: order.status, toStatus: status ?? order.status });
      }
      return updated;
    });
  }
}

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
