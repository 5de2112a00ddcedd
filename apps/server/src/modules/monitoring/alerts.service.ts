// Driver alerts: the company's list, one alert with the change behind it and its recheck, and
// acknowledging it (optionally recording the driver's annual review with it).
import {
  ALERT_SORT_FIELDS, fullNameOf, type AcknowledgeAlertBody, type AlertChange, type AlertListFilter, type DriverAlert, type DriverAlertDetail,
  type Page,
} from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { pageMeta } from '../../http/page-meta.ts';
import { dateRange, sortTerms } from '../../http/list-params.ts';
import * as alerts from './alerts.repository.ts';
import * as reviews from './annual-reviews.repository.ts';
import { buildRecheck } from './alert-recheck.ts';
import { recordAnnualReview, todayUtc } from './annual-reviews.service.ts';
import { insertPersonEvents } from './person-events.repository.ts';
import { nameOf } from './monitoring.service.ts';

export interface ListAlertsInput extends AlertListFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toAlert(row: alerts.AlertRow): DriverAlert {
  return {
    id: row.id,
    personId: row.personId,
    personName: fullNameOf(row),
    type: row.type as DriverAlert['type'],
    changeKind: row.changeKind as DriverAlert['changeKind'],
    severity: row.severity as DriverAlert['severity'],
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
    acknowledgedByName: row.acknowledgedBy ? row.acknowledgedByName ?? 'a former user' : null,
    escalatedAfterDays: row.escalatedAfterDays,
  };
}

const alertNotFound = () => notFound('alert');

export class AlertsService {
  constructor(private readonly db: Database) {}

  async list(principal: Principal, input: ListAlertsInput): Promise<Page<DriverAlert>> {
    assertCan(principal, 'view', 'Monitoring');
    const sort = sortTerms(input.sort, ALERT_SORT_FIELDS);
    const { from, to, sort: _sort, ...filters } = input;
    const { rows, ...counted } = await alerts.listAlerts(this.db, { ...filters, companyId: principal.companyId, sort, ...dateRange({ from, to }, 'query') });
    return { content: rows.map(toAlert), page: pageMeta(input, counted) };
  }

  /**
   * One alert of one driver. `onlyType` serves GET /person/{id}/mvr/monitoring/alert/{alertId},
   * which answers MVR monitoring alerts only: any other alert is not found there.
   */
  async get(principal: Principal, personId: string, alertId: string, onlyType?: DriverAlert['type']): Promise<DriverAlertDetail> {
    assertCan(principal, 'view', 'Monitoring');
    const row = await alerts.findAlert(this.db, principal.companyId, personId, alertId);
    if (!row || (onlyType && row.type !== onlyType)) throw alertNotFound();
    const order = row.recheckOrderId ? await reviews.findPersonOrder(this.db, principal.companyId, personId, row.recheckOrderId) : undefined;
    const previous = order ? await reviews.previousJudgedMvrOrder(this.db, principal.companyId, personId, order) : undefined;
    return {
      ...toAlert(row),
      acknowledgementNote: row.acknowledgementNote,
      change: row.change as AlertChange,
      recheck: buildRecheck(row, order, previous),
      annualReviewId: row.annualReviewId,
    };
  }

  /**
   * Records who acknowledged the alert, when, and why. The first acknowledgement stands: a second
   * one answers the alert unchanged (and records no review). With `annualReview`, the driver's annual
   * review is recorded in the same transaction, against the alert's fresh MVR when complete, else
   * the driver's latest complete MVR; with none, nothing is recorded (409).
   */
  async acknowledge(principal: Principal, personId: string, alertId: string, body: AcknowledgeAlertBody): Promise<DriverAlertDetail> {
    assertCan(principal, 'create', 'Monitoring');
    const { companyId } = principal;
    const alert = await alerts.findAlert(this.db, companyId, personId, alertId);
    if (!alert) throw alertNotFound();
    const note = body.note || null;
    await this.db.transaction(async (tx) => {
      if (!(await alerts.acknowledgeAlert(tx, companyId, personId, alertId, { userId: principal.userId, note }))) return;
      await insertPersonEvents(tx, companyId, [{
        personId, type: 'ALERT_ACKNOWLEDGED', actorId: principal.userId, data: { alertId, note },
        message: `Alert "${alert.title}" acknowledged by ${nameOf(principal)}`,
      }]);
      if (!body.annualReview) return;
      const order = (alert.recheckOrderId && (await reviews.findCompleteMvrOrder(tx, companyId, personId, alert.recheckOrderId)))
        || (await reviews.latestCompleteMvrOrder(tx, companyId, personId));
      if (!order) {
        throw conflict('NoMvrToReview', 'There is no complete MVR of this driver to review, so no annual review can be recorded. Order an MVR, or acknowledge without the review.', [
          { path: 'body.annualReview', message: 'needs a complete MVR of this driver' },
        ]);
      }
      const review = await recordAnnualReview(tx, principal, {
        personId, orderId: order.id, reviewedOn: todayUtc(), decision: body.annualReview.decision, alertId,
        note: note ?? `Reviewed on acknowledging the alert "${alert.title}".`,
      });
      await alerts.linkAnnualReview(tx, companyId, alertId, review.id);
    });
    return this.get(principal, personId, alertId);
  }
}
