// MONITORING_RECHECK_JOB: a new conviction or DMV action orders a fresh MVR of the driver when the
// company's setting says so (settings.service.ts), judged by the company's ruleset. The sweep sends
// the job with the alert it writes; the fresh MVR is fulfilled and judged by the orders' own
// pipeline (orders.jobs.ts), and the alert keeps the order and the outcome the driver had before.
//
// Idempotent by the alert: the order is placed, and the alert's recheck_order_id set only while
// it is empty, in one transaction with the alert locked, so a retried or repeated job never
// orders a second MVR.
import { DEFAULT_RULE_NAMESPACE, type AlertChangeKind } from '@clearlane/contract';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { runAsCompany } from '../../db/tenant-scope.ts';
import { MONITORING_RECHECK_JOB, type Queue } from '../../jobs/queue.ts';
import { placeSystemMvrOrder } from '../orders/orders.service.ts';
import { latestJudgedMvrOutcome } from '../orders/orders.repository.ts';
import { findMonitoringSettings } from './settings.repository.ts';
import { findAlert, findCompanyToNotify, lockAlertWithoutRecheck, MONITORING_PLUGIN, ORDERS_PLUGIN, setRecheckOrder } from './notify.repository.ts';
import { insertPersonEvents } from './person-events.repository.ts';

export interface MonitoringRecheckJob {
  companyId: string;
  alertId: string;
}

/** The changes that can change how the driver is judged: a new conviction or a DMV action. */
export const RECHECK_CHANGE_KINDS: readonly AlertChangeKind[] = ['NEW_VIOLATION', 'MAJOR_CONVICTION', 'SUSPENSION', 'REVOCATION'];

export class MonitoringRecheck {
  private queue?: Queue;

  constructor(private readonly db: Database, queue?: Queue) {
    this.queue = queue;
  }

  /** startQueue (jobs/queue.ts) created MONITORING_RECHECK_JOB's queue. */
  async registerWorker(queue: Queue): Promise<void> {
    this.queue = queue;
    await queue.work<MonitoringRecheckJob>(MONITORING_RECHECK_JOB, { pollingIntervalSeconds: 2 }, async (jobs) => {
      for (const job of jobs) await this.recheck(job.data);
    });
  }

  /** Orders the fresh MVR the alert calls for; answers its id, or undefined when none is (or was already) due. */
  async recheck(job: MonitoringRecheckJob): Promise<string | undefined> {
    const { companyId, alertId } = job;
    return runAsCompany(companyId, async () => {
      const settings = await findMonitoringSettings(this.db, companyId);
      if (!settings.reorderMvrOnChange) return undefined;
      const company = await findCompanyToNotify(this.db, companyId);
      if (!company || !company.plugins.includes(MONITORING_PLUGIN) || !company.plugins.includes(ORDERS_PLUGIN)) return undefined;
      const alert = await findAlert(this.db, companyId, alertId);
      if (!alert || alert.recheckOrderId || !RECHECK_CHANGE_KINDS.includes(alert.changeKind as AlertChangeKind)) return undefined;
      const queue = this.queue;
      if (!queue) throw new Error('The monitoring recheck needs the job queue to place its order');
      const ruleNamespace = settings.ruleNamespace ?? DEFAULT_RULE_NAMESPACE;
      try {
        return await this.db.transaction(async (tx) => {
          if (!(await lockAlertWithoutRecheck(tx, companyId, alertId))) return undefined;
          const outcomeBefore = await latestJudgedMvrOutcome(tx, companyId, alert.personId);
          const orderId = await placeSystemMvrOrder(tx, queue, { companyId, personId: alert.personId, ruleNamespace, reason: `monitoring alert "${alert.title}"` });
          if (!orderId) return undefined;
          // Locked above, so this holds; were it ever not to, the order goes with the rollback.
          if (!(await setRecheckOrder(tx, companyId, alertId, orderId, outcomeBefore))) tx.rollback();
          await insertPersonEvents(tx, companyId, [{
            personId: alert.personId, type: 'MVR_REORDERED', actorId: null,
            message: `A fresh MVR was ordered after the alert "${alert.title}", to be judged by the ruleset "${ruleNamespace}"`,
            data: { alertId, orderId, ruleNamespace, outcomeBefore },
          }]);
          return orderId;
        });
      } catch (error) {
        if (error instanceof TransactionRollbackError) return undefined;
        throw error;
      }
    });
  }
}
