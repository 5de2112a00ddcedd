// Reviewing orders (issue 13): the company's sub-status list (GET|PUT /company/me/sub-statuses) and
// the FCRA adverse action of an order (GET /orders/{id}/adverse-action and its steps). Each step is
// an order event, dated, and sets the order's sub-status (ADVERSE_ACTION_SUB_STATUSES). Nothing is
// sent from here: the company gives the notices; a step records that it did, how and when.
import {
  ADVERSE_ACTION_ORDER_TYPES, ADVERSE_ACTION_SUB_STATUSES, ADVERSE_ACTION_WAITING_BUSINESS_DAYS, NOTICE_DELIVERY_METHODS,
  finalNoticeAllowedOn, waitingPeriodOver,
  type AdverseAction, type AdverseActionStatus, type CancelAdverseActionBody, type FinalNoticeBody, type NoticeDeliveryMethod,
  type PreAdverseNoticeBody, type SubStatusList,
} from '@clearlane/contract';
import type { Database, Executor } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { conflict, notFound } from '../../http/errors.ts';
import * as repo from './orders.repository.ts';
import * as review from './review.repository.ts';

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const delivered = (method: NoticeDeliveryMethod) => NOTICE_DELIVERY_METHODS[method].toLowerCase();
const notesOf = (body: { notes?: string | null }) => (body.notes?.trim() ? body.notes.trim() : null);

export function toAdverseAction(orderId: string, row: review.AdverseActionRow | undefined): AdverseAction {
  return {
    orderId,
    status: (row?.status as AdverseActionStatus | undefined) ?? 'NOT_STARTED',
    waitingBusinessDays: ADVERSE_ACTION_WAITING_BUSINESS_DAYS,
    preAdverseNoticeAt: row?.preAdverseNoticeAt.toISOString() ?? null,
    preAdverseDeliveryMethod: (row?.preAdverseDeliveryMethod as NoticeDeliveryMethod | undefined) ?? null,
    finalNoticeAllowedOn: row?.finalNoticeAllowedOn ?? null,
    finalNoticeAt: row?.finalNoticeAt?.toISOString() ?? null,
    finalDeliveryMethod: (row?.finalDeliveryMethod as NoticeDeliveryMethod | null | undefined) ?? null,
    cancelledAt: row?.cancelledAt?.toISOString() ?? null,
  };
}

export class ReviewService {
  constructor(private readonly db: Database, private readonly now: () => Date = () => new Date()) {}

  // --- the company's sub-statuses ---

  async subStatuses(principal: Principal): Promise<SubStatusList> {
    assertCan(principal, 'view', 'Order');
    return { subStatuses: await review.findSubStatuses(this.db, principal.companyId) };
  }

  /** Company Admins and Managers (manage Order): the list belongs to reviewing orders. */
  async saveSubStatuses(principal: Principal, body: SubStatusList): Promise<SubStatusList> {
    assertCan(principal, 'manage', 'Order');
    return { subStatuses: await review.saveSubStatuses(this.db, principal.companyId, body.subStatuses, principal.userId) };
  }

  // --- adverse action ---

  async adverseAction(principal: Principal, orderId: string): Promise<AdverseAction> {
    assertCan(principal, 'view', 'Order');
    if (!(await repo.findOrder(this.db, principal.companyId, orderId))) throw notFound('order');
    return toAdverseAction(orderId, await review.findAdverseAction(this.db, principal.companyId, orderId));
  }

  /** Step 1: the pre-adverse action notice, with a copy of the report and the Summary of Your Rights. */
  async preAdverseNotice(principal: Principal, orderId: string, body: PreAdverseNoticeBody): Promise<AdverseAction> {
    return this.step(principal, orderId, async (tx, order, current) => {
      if (current?.status === 'PRE_ADVERSE_NOTICE_SENT') {
        throw conflict('AdverseActionStarted', `Adverse action on this order was started on ${dayOf(current.preAdverseNoticeAt)}; give the final notice or cancel it.`);
      }
      if (current?.status === 'FINAL_NOTICE_SENT') throw alreadyTaken(current);
      const now = this.now();
      const allowedOn = finalNoticeAllowedOn(now);
      await review.startAdverseAction(tx, {
        companyId: principal.companyId, orderId, status: 'PRE_ADVERSE_NOTICE_SENT', preAdverseNoticeAt: now,
        preAdverseDeliveryMethod: body.deliveryMethod, finalNoticeAllowedOn: allowedOn, startedBy: principal.userId,
      });
      return {
        type: 'ADVERSE_ACTION_PRE_NOTICE', subStatus: ADVERSE_ACTION_SUB_STATUSES.PRE_ADVERSE_NOTICE_SENT, notes: notesOf(body),
        message: `Given ${delivered(body.deliveryMethod)} by ${nameOf(principal)}, with a copy of the ${reportName(order)} and "A Summary of Your Rights Under the FCRA". `
          + `The final notice can be given from ${allowedOn} (${ADVERSE_ACTION_WAITING_BUSINESS_DAYS} business days).`,
        data: { deliveryMethod: body.deliveryMethod, reportCopySent: true, summaryOfRightsSent: true, finalNoticeAllowedOn: allowedOn },
      };
    });
  }

  /** Step 3: the final adverse action notice, once the waiting period is over. */
  async finalNotice(principal: Principal, orderId: string, body: FinalNoticeBody): Promise<AdverseAction> {
    return this.step(principal, orderId, async (tx, _order, current) => {
      if (current?.status === 'FINAL_NOTICE_SENT') throw alreadyTaken(current);
      if (current?.status !== 'PRE_ADVERSE_NOTICE_SENT') throw notStarted();
      const now = this.now();
      if (!waitingPeriodOver(current.finalNoticeAllowedOn, now)) {
        throw conflict('WaitingPeriodNotOver',
          `The waiting period after the pre-adverse action notice of ${dayOf(current.preAdverseNoticeAt)} is not over: the final notice can be given from ${current.finalNoticeAllowedOn}.`);
      }
      await review.updateAdverseAction(tx, principal.companyId, orderId, { status: 'FINAL_NOTICE_SENT', finalNoticeAt: now, finalDeliveryMethod: body.deliveryMethod });
      return {
        type: 'ADVERSE_ACTION_FINAL_NOTICE', subStatus: ADVERSE_ACTION_SUB_STATUSES.FINAL_NOTICE_SENT, notes: notesOf(body),
        message: `Given ${delivered(body.deliveryMethod)} by ${nameOf(principal)}.`,
        data: { deliveryMethod: body.deliveryMethod },
      };
    });
  }

  /** Ends an adverse action before its final notice: the subject is cleared. */
  async cancel(principal: Principal, orderId: string, body: CancelAdverseActionBody): Promise<AdverseAction> {
    return this.step(principal, orderId, async (tx, _order, current) => {
      if (current?.status === 'FINAL_NOTICE_SENT') throw alreadyTaken(current);
      if (current?.status !== 'PRE_ADVERSE_NOTICE_SENT') throw notStarted();
      const now = this.now();
      await review.updateAdverseAction(tx, principal.companyId, orderId, { status: 'CANCELLED', cancelledAt: now });
      return {
        type: 'ADVERSE_ACTION_CANCELLED', subStatus: ADVERSE_ACTION_SUB_STATUSES.CANCELLED, notes: notesOf(body),
        message: `Cancelled by ${nameOf(principal)}; no final notice will be given.`,
        data: {},
      };
    });
  }

  /**
   * One step, all or nothing: manage Order, the order (404), one of the consumer-report types and
   * complete (409), the adverse action locked; then the step's event and the order's sub-status.
   */
  private async step(
    principal: Principal,
    orderId: string,
    take: (tx: Executor, order: repo.OrderRow, current: review.AdverseActionRow | undefined) => Promise<StepEvent>,
  ): Promise<AdverseAction> {
    assertCan(principal, 'manage', 'Order');
    const { companyId } = principal;
    await this.db.transaction(async (tx) => {
      const order = await repo.findOrder(tx, companyId, orderId);
      if (!order) throw notFound('order');
      if (!(ADVERSE_ACTION_ORDER_TYPES as readonly string[]).includes(order.type)) {
        throw conflict('WrongOrderType', `Adverse action follows a consumer report on a person (an MVR or a person risk assessment); this order is ${order.type === 'VIN_REPORT' ? 'a vehicle report' : 'a business risk report'}.`);
      }
      if (order.status !== 'Complete') throw conflict('ReportNotReady', `Adverse action follows a completed report; this order is ${order.status}.`);
      const event = await take(tx, order, await review.findAdverseAction(tx, companyId, orderId, true));
      await repo.updateOrder(tx, companyId, orderId, { subStatus: event.subStatus, changeNotes: event.notes });
      await repo.insertEvent(tx, {
        companyId, orderId, type: event.type, actorId: principal.userId,
        message: `${event.message} Sub-status set to "${event.subStatus}".`,
        data: { ...event.data, subStatus: { from: order.subStatus, to: event.subStatus }, changeNotes: event.notes },
      });
    });
    return toAdverseAction(orderId, await review.findAdverseAction(this.db, companyId, orderId));
  }
}

interface StepEvent {
  type: string;
  subStatus: string;
  notes: string | null;
  message: string;
  data: Record<string, unknown>;
}

const nameOf = (principal: Principal) => `${principal.firstName} ${principal.lastName}`;
const reportName = (order: repo.OrderRow) => (order.type === 'PERSON_RISK_ASSESSMENT' ? 'person risk assessment' : 'motor vehicle record');
const alreadyTaken = (row: review.AdverseActionRow) =>
  conflict('AdverseActionTaken', `The final adverse action notice was given on ${dayOf(row.finalNoticeAt!)}; this adverse action is over.`);
const notStarted = () => conflict('AdverseActionNotStarted', 'No adverse action is under way on this order: give the pre-adverse action notice first.');
