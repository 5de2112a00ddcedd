// Orders of the caller's company: placing them (the order, its CREATED event and its fulfilment
// job commit together), reading them, review and sub-status, and their reports.
import { uuidv7 } from 'uuidv7';
import {
  DEFAULT_RISK_DEFINITION, findSubStatus, ORDER_SORT_FIELDS, permissiblePurposeLabel, REPORT_TYPE_OF_ORDER,
  type BraOrderBody, type CreateMvrOrderBody, type IrrOrderBody, type MvrMetrics, type MvrRecord, type Order, type OrderDetail,
  type BusinessRiskAssessment, type OrderListFilter, type OrderType, type Page, type PersonRiskAssessment, type VehicleReport, type PersonMvrOrderBody, type UpdateOrderStatusBody, type VehicleOrderBody, type ViolationReport,
} from '@clearlane/contract';
import { mvrRecordNewestFirst } from '@clearlane/contract/domain/mvr';
import type { Database, Executor } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { AppError, conflict, invalidInput, notFound } from '../../http/errors.ts';
import { pageMeta } from '../../http/page-meta.ts';
import { dateRange, sortTerms } from '../../http/list-params.ts';
import { FULFIL_ORDER_JOB, FULFIL_ORDER_RETRY, inTransaction, SINGLE_ORDER_PRIORITY, type Queue } from '../../jobs/queue.ts';
import { upsertTags } from '../tags/tags.repository.ts';
import { resolveRuleset } from '../rulesets/rulesets.service.ts';
import { renderMvrPdf, renderMvrText, type MvrReportFormat } from '../../documents/mvr-report.ts';
import type { OrderDocumentMeta } from '../../documents/order-document.ts';
import { renderVehiclePdf } from '../../documents/vehicle-report.ts';
import { renderPersonRiskPdf } from '../../documents/person-risk-report.ts';
import { renderBusinessRiskPdf } from '../../documents/business-risk-report.ts';
import { renderViolationPdf } from '../../documents/violation-report.ts';
import type { Adjudication } from '../../adjudication/evaluate.ts';
import * as repo from './orders.repository.ts';
import { findSubStatuses } from './review.repository.ts';
import { toDetail, toOrder } from './orders.mapping.ts';
import { mvrPlacement, newOrderRow, type MvrDriver, type Placement } from './order-rows.ts';
import type { NewOrderRow } from './orders.repository.ts';

// Other modules place orders through this service (ESLint's server layers): a bulk sheet's rows are
// built by the same functions as a single order's.
export { mvrPlacement, newOrderRow };
/** An order read whole, as the API shows it: for the modules that show orders too (reports). */
export { toOrder };
import type { FulfilOrderJob } from './orders.jobs.ts';

const DAY_MS = 86_400_000;

interface MvrOptions {
  isAutoAdjudicated?: boolean;
  ruleNamespace?: string | null;
}

export interface ListOrdersInput extends OrderListFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

/**
 * The /orders list's filters as the repository takes them (orders.repository.ts filteredOrders),
 * for the list itself and for whatever else selects "the orders matching these filters" (a report
 * bundle). `at` is where the filter arrived ("query", "body.orderFilter"), for the field an error names.
 */
export function orderFilterQuery(companyId: string, filter: OrderListFilter, at: string): repo.OrderFilterQuery {
  const { from, to, type, ...rest } = filter;
  const { from: fromDate, toExclusive } = dateRange({ from, to }, at);
  // One type or several (`type` repeated): the repository reads them as a list.
  return { ...rest, companyId, from: fromDate, toExclusive, types: type === undefined ? undefined : [type].flat() };
}

/** Where the ruleNamespace of each MVR call arrives: create-mvr-order's query, the person route's body. */
const QUERY_RULES = 'query.ruleNamespace';
const BODY_RULES = 'body.ruleNamespace';

const reportNotReady = (order: repo.OrderRow) =>
  conflict('ReportNotReady', `The report is not ready: the order is ${order.status}${order.failureReason ? ` (${order.failureReason})` : ''}.`);

/**
 * A field message reads on its own and after the portal's label ("Ruleset is not one of …"), so it
 * starts with the verb; bulk uploads word the same refusal alike.
 */
export const unknownRulesetMessage = (namespace: string | null | undefined) =>
  `is not one of your company's rulesets ("${namespace ?? ''}"); leave it empty for the default`;

/** The order, its CREATED event, its tags and its fulfilment job, with the caller's transaction. */
async function writeOrder(tx: Executor, queue: Queue, row: NewOrderRow, createdMessage: string): Promise<void> {
  const { id, companyId } = row;
  if (row.tags!.length > 0) await upsertTags(tx, companyId, row.tags!);
  await repo.insertOrder(tx, row);
  await repo.insertEvent(tx, { companyId, orderId: id, type: 'CREATED', toStatus: 'New', actorId: row.orderedBy ?? null, message: createdMessage });
  const job: FulfilOrderJob = { orderId: id, companyId };
  await queue.send(FULFIL_ORDER_JOB, job, { ...FULFIL_ORDER_RETRY, priority: SINGLE_ORDER_PRIORITY, db: inTransaction(tx) });
}

/** An MVR the system orders for a driver of the company (a monitoring recheck), judged by `ruleNamespace`. */
export interface SystemMvrRequest {
  companyId: string;
  personId: string;
  /** The ruleset that judges it; null for the company's default. Checked by the caller. */
  ruleNamespace: string | null;
  /** Why it is ordered: the order's CREATED event says it, as "Ordered automatically: …". */
  reason: string;
}

/** The DPPA purpose of a system order when the driver has no earlier MVR to take it from. */
const SYSTEM_MVR_PURPOSE = 'WRITTEN_CONSENT';

/**
 * Places an auto-adjudicated MVR of the driver on no user's behalf, with the caller's transaction
 * (the order, its event and its fulfilment job commit, or not, with what the caller writes beside
 * them). The purpose is that of the driver's latest MVR, as the company ordered it. Answers the
 * order's id, or undefined when the driver is not (any more) one of the company's.
 */
export async function placeSystemMvrOrder(tx: Executor, queue: Queue, request: SystemMvrRequest): Promise<string | undefined> {
  const { companyId, personId } = request;
  const driver = await repo.findPerson(tx, companyId, personId);
  if (!driver) return undefined;
  const permissiblePurpose = (await repo.latestMvrPurpose(tx, companyId, personId)) ?? SYSTEM_MVR_PURPOSE;
  const placement = mvrPlacement({ driver, personId, permissiblePurpose, isAutoAdjudicated: true, ruleNamespace: request.ruleNamespace });
  const row = newOrderRow(placement, { id: uuidv7(), companyId, orderedBy: null });
  await writeOrder(tx, queue, row, `Ordered automatically: ${request.reason}`);
  return row.id;
}

/** The report documents of GET /orders/{id}/{kind}/report with Accept: application/pdf. */
export type ReportDocumentKind = 'violation' | 'vehicle' | 'irr' | 'bra';

/** A document's file name starts with what it is, then the order (like the MVR's `mvr-{id}-standard.pdf`). */
const DOCUMENT_FILE_PREFIX: Record<ReportDocumentKind, string> = {
  violation: 'violations', vehicle: 'vehicle-report', irr: 'person-risk', bra: 'business-risk',
};
const ORDER_TYPES_OF_DOCUMENT: Record<Exclude<ReportDocumentKind, 'violation'>, OrderType[]> = {
  vehicle: ['VIN_REPORT'], irr: ['PERSON_RISK_ASSESSMENT'], bra: ['BUSINESS_RISK_INFORM_REPORT'],
};

export class OrdersService {
  constructor(private readonly db: Database, private readonly queue: () => Queue | undefined) {}

  // --- placing orders ---

  async createMvrOrder(principal: Principal, body: CreateMvrOrderBody, options: MvrOptions): Promise<Order> {
    assertCan(principal, 'create', 'Order');
    if (body.personId) return this.orderMvrFor(principal, body.personId, { ...body, ...options }, 'body.personId');
    const driver = body.driver!;
    return this.placeMvr(principal, { ...driver, middleName: driver.middleName ?? null }, null, { ...body, ...options }, QUERY_RULES);
  }

  async createPersonMvrOrder(principal: Principal, personId: string, body: PersonMvrOrderBody): Promise<Order> {
    assertCan(principal, 'create', 'Order');
    return this.orderMvrFor(principal, personId, body, null);
  }

  private async orderMvrFor(principal: Principal, personId: string, body: MvrOptions & Omit<PersonMvrOrderBody, 'isAutoAdjudicated'>, path: string | null) {
    const person = await repo.findPerson(this.db, principal.companyId, personId);
    if (!person) {
      if (path) throw invalidInput([{ path, message: 'is not a driver of your company' }]);
      throw notFound('driver');
    }
    return this.placeMvr(principal, person, person.id, body, path ? QUERY_RULES : BODY_RULES);
  }

  private async placeMvr(
    principal: Principal,
    driver: MvrDriver,
    personId: string | null,
    body: MvrOptions & Omit<PersonMvrOrderBody, 'isAutoAdjudicated'>,
    ruleNamespacePath: string,
  ): Promise<Order> {
    if (body.texasRecordType && driver.licenceState !== 'TX') {
      throw invalidInput([{ path: 'body.texasRecordType', message: `applies to Texas licences only; this licence is from ${driver.licenceState}` }]);
    }
    const isAutoAdjudicated = body.isAutoAdjudicated ?? false;
    // A named namespace must exist even without auto-adjudication: the order would claim rules
    // that are not there, and a reviewer would judge it by them.
    if ((isAutoAdjudicated || body.ruleNamespace) && !(await resolveRuleset(this.db, principal.companyId, body.ruleNamespace))) {
      throw invalidInput([{ path: ruleNamespacePath, message: unknownRulesetMessage(body.ruleNamespace) }]);
    }
    return this.place(principal, mvrPlacement({ ...body, driver, personId, isAutoAdjudicated }));
  }

  async createVehicleOrder(principal: Principal, body: VehicleOrderBody): Promise<Order> {
    assertCan(principal, 'create', 'Order');
    return this.place(principal, { type: 'VIN_REPORT', subjectLabel: `VIN ${body.vin}`, input: { vin: body.vin }, tags: body.tags });
  }

  async createIrrOrder(principal: Principal, body: IrrOrderBody, definitionName = DEFAULT_RISK_DEFINITION): Promise<Order> {
    assertCan(principal, 'create', 'Order');
    let person = body.person;
    if (body.personId) {
      const found = await repo.findPerson(this.db, principal.companyId, body.personId);
      if (!found) throw invalidInput([{ path: 'body.personId', message: 'is not a driver of your company' }]);
      person = { firstName: found.firstName, lastName: found.lastName, dateOfBirth: found.dateOfBirth, state: found.licenceState as never };
    }
    return this.place(principal, {
      type: 'PERSON_RISK_ASSESSMENT',
      subjectLabel: `${person!.firstName} ${person!.lastName}`,
      personId: body.personId ?? null,
      input: { person, personId: body.personId ?? null, riskAssessmentDefinitionName: definitionName },
      riskAssessmentDefinitionName: definitionName,
      tags: body.tags,
    });
  }

  async createBraOrder(principal: Principal, body: BraOrderBody, definitionName = DEFAULT_RISK_DEFINITION): Promise<Order> {
    assertCan(principal, 'create', 'Order');
    const business = await repo.findBusiness(this.db, principal.companyId, body.businessId);
    if (!business) throw invalidInput([{ path: 'body.businessId', message: 'is not a business of your company' }]);
    return this.place(principal, {
      type: 'BUSINESS_RISK_INFORM_REPORT',
      subjectLabel: business.name,
      businessId: business.id,
      input: { business: { name: business.name, ein: business.ein, state: business.state, dotNumber: business.dotNumber }, businessId: business.id, riskAssessmentDefinitionName: definitionName },
      riskAssessmentDefinitionName: definitionName,
      tags: body.tags,
    });
  }

  /** The order, its CREATED event, its tags and its fulfilment job: all or nothing. */
  private async place(principal: Principal, placement: Placement): Promise<Order> {
    const queue = this.queue();
    if (!queue) throw new AppError(503, 'QueueUnavailable', 'Orders cannot be placed right now: the job queue is not running. Please try again shortly.', { title: 'Service Unavailable' });
    const id = uuidv7();
    const companyId = principal.companyId;
    const row = newOrderRow(placement, { id, companyId, orderedBy: principal.userId });
    await this.db.transaction((tx) => writeOrder(tx, queue, row, `Ordered by ${principal.firstName} ${principal.lastName}`));
    return toOrder((await repo.findOrder(this.db, companyId, id))!);
  }

  // --- reading ---

  /** A page of the caller's orders; `readAhead` is that page as the route read it ahead (access/guard.ts), answered once the role may see it. */
  async list(principal: Principal, input: ListOrdersInput, readAhead?: Page<Order>): Promise<Page<Order>> {
    assertCan(principal, 'view', 'Order');
    return readAhead ?? this.pageOfOrders(principal.companyId, input);
  }

  /** A page of a company's orders, for a caller already known to see them (list) or about to be (the route's readAhead). */
  async pageOfOrders(companyId: string, input: ListOrdersInput): Promise<Page<Order>> {
    const terms = sortTerms(input.sort, ORDER_SORT_FIELDS);
    const { page: pageNumber, size, sort: _sort, ...filter } = input;
    const page = await repo.listOrders(this.db, { ...orderFilterQuery(companyId, filter, 'query'), page: pageNumber, size, sort: terms });
    return { content: page.rows, page: pageMeta(input, page) };
  }

  async get(principal: Principal, orderId: string): Promise<OrderDetail> {
    const order = await this.load(principal, orderId);
    return toDetail(order, await repo.listEvents(this.db, principal.companyId, orderId));
  }

  async input(principal: Principal, orderId: string) {
    const order = await this.load(principal, orderId);
    return { id: order.id, type: order.type as OrderType, input: order.input };
  }

  async reviewed(principal: Principal, orderId: string) {
    const order = await this.load(principal, orderId);
    return { isReviewed: order.isReviewed, reviewedAt: order.reviewedAt?.toISOString() ?? null, reviewedBy: order.reviewedBy };
  }

  async metrics(principal: Principal, now = new Date()): Promise<MvrMetrics> {
    assertCan(principal, 'view', 'Order');
    const since = new Date(now.getTime() - 30 * DAY_MS);
    const raw = await repo.mvrMetrics(this.db, principal.companyId, since);
    const byStatus = Object.fromEntries(raw.byStatus.map((row) => [row.key, row.value]));
    const byOutcome = Object.fromEntries(raw.byOutcome.map((row) => [row.key ?? 'None', row.value]));
    return {
      from: since.toISOString(), to: now.toISOString(),
      total: raw.byStatus.reduce((sum, row) => sum + row.value, 0),
      byStatus, byOutcome,
      averageTurnaroundSeconds: raw.averageTurnaroundSeconds === null ? null : Math.round(raw.averageTurnaroundSeconds * 10) / 10,
    };
  }

  // --- review and sub-status (manage Order) ---

  async setReviewed(principal: Principal, orderId: string, isReviewed: boolean) {
    assertCan(principal, 'manage', 'Order');
    await this.db.transaction(async (tx) => {
      const order = await repo.findOrder(tx, principal.companyId, orderId);
      if (!order) throw notFound('order');
      if (order.isReviewed === isReviewed) return;
      await repo.updateOrder(tx, principal.companyId, orderId, isReviewed
        ? { isReviewed, reviewedAt: new Date(), reviewedBy: principal.userId }
        : { isReviewed, reviewedAt: null, reviewedBy: null });
      await repo.insertEvent(tx, {
        companyId: principal.companyId, orderId, type: isReviewed ? 'REVIEWED' : 'REVIEW_CLEARED', actorId: principal.userId,
        message: `${isReviewed ? 'Marked reviewed' : 'Review cleared'} by ${principal.firstName} ${principal.lastName}`,
      });
    });
    return this.reviewed(principal, orderId);
  }

  async setSubStatus(principal: Principal, orderId: string, body: UpdateOrderStatusBody): Promise<OrderDetail> {
    assertCan(principal, 'manage', 'Order');
    await this.db.transaction(async (tx) => {
      const order = await repo.findOrder(tx, principal.companyId, orderId);
      if (!order) throw notFound('order');
      // Picked from the company's list, as the list spells it; an order keeps an older value it has.
      const listed = await findSubStatuses(tx, principal.companyId);
      const subStatus = findSubStatus(listed, body.subStatus);
      if (!subStatus) throw invalidInput([{ path: 'body.subStatus', message: `is not one of your company's sub-statuses: ${listed.join(', ')}` }]);
      const changeNotes = body.changeNotes ?? null;
      await repo.updateOrder(tx, principal.companyId, orderId, { subStatus, changeNotes });
      // The order keeps the latest sub-status; the events keep every one with its notes.
      await repo.insertEvent(tx, {
        companyId: principal.companyId, orderId, type: 'SUB_STATUS_CHANGED', actorId: principal.userId,
        message: `Sub-status ${order.subStatus ? `changed from "${order.subStatus}" to` : 'set to'} "${subStatus}" by ${principal.firstName} ${principal.lastName}`,
        data: { from: order.subStatus, to: subStatus, changeNotes },
      });
    });
    return this.get(principal, orderId);
  }

  // --- reports of one order ---

  /** Who ordered what and when, as every document's header shows it. */
  private async documentMeta(principal: Principal, order: repo.OrderRow): Promise<OrderDocumentMeta> {
    return {
      companyName: principal.companyName,
      orderId: order.id,
      orderedAt: order.createdAt,
      orderedBy: (await repo.ordererName(this.db, principal.companyId, order.id)) ?? (order.orderedBy ? 'a former user' : 'Clearlane (automatically)'),
      generatedAt: new Date(),
    };
  }

  async mvrReport(principal: Principal, orderId: string, format: MvrReportFormat) {
    const { order, record } = await this.mvrRecordOf(principal, orderId);
    const input = {
      ...(await this.documentMeta(principal, order)),
      permissiblePurpose: permissiblePurposeLabel(order.permissiblePurpose ?? ''),
      record,
      adjudication: (order.adjudication as Adjudication | null) ?? null,
    };
    return { pdf: () => renderMvrPdf(input, format), text: () => renderMvrText(input), fileName: `mvr-${order.id}` };
  }

  async violationReport(principal: Principal, orderId: string): Promise<ViolationReport> {
    const { order, record } = await this.mvrRecordOf(principal, orderId);
    return {
      orderId: order.id, subject: record.subject, licence: record.licence, violations: record.violations, accidents: record.accidents,
      dmvActions: record.dmvActions, totalPoints: record.violations.reduce((sum, v) => sum + v.points, 0),
    };
  }

  /** The PDF of a completed order's report (the same checks as its JSON: view Order, type, Complete). */
  async reportDocument(principal: Principal, orderId: string, kind: ReportDocumentKind): Promise<{ pdf: Buffer; fileName: string }> {
    const fileName = `${DOCUMENT_FILE_PREFIX[kind]}-${orderId}.pdf`;
    if (kind === 'violation') {
      const { order, record } = await this.mvrRecordOf(principal, orderId);
      const adjudication = (order.adjudication as Adjudication | null) ?? null;
      return { fileName, pdf: await renderViolationPdf(await this.documentMeta(principal, order), { record, adjudication }) };
    }
    const order = await this.completedOrder(principal, orderId, ORDER_TYPES_OF_DOCUMENT[kind]);
    const { result } = order;
    const meta = await this.documentMeta(principal, order);
    const pdf = kind === 'vehicle'
      ? await renderVehiclePdf(meta, result as unknown as VehicleReport)
      : kind === 'irr'
        ? await renderPersonRiskPdf(meta, result as unknown as PersonRiskAssessment)
        : await renderBusinessRiskPdf(meta, result as unknown as BusinessRiskAssessment);
    return { fileName, pdf };
  }

  /** The provider's report of a completed order of one of `types`. */
  async providerReport(principal: Principal, orderId: string, types: OrderType[]) {
    return (await this.completedOrder(principal, orderId, types)).result;
  }

  /** A completed order of one of `types`, with its report. */
  private async completedOrder(principal: Principal, orderId: string, types: OrderType[]) {
    const order = await this.load(principal, orderId);
    if (!types.includes(order.type as OrderType)) {
      throw conflict('WrongOrderType', `This order is a ${order.type}; this report is for ${types.map((t) => REPORT_TYPE_OF_ORDER[t]).join(' or ')} orders.`);
    }
    if (order.status !== 'Complete' || !order.result) throw reportNotReady(order);
    return order as repo.OrderRow & { result: Record<string, unknown> };
  }

  private async mvrRecordOf(principal: Principal, orderId: string) {
    const order = await this.completedOrder(principal, orderId, ['MVR', 'MVR_WITH_ADJUDICATION']);
    // Newest first, as every page and document lists them (the violation report's JSON included).
    return { order, record: mvrRecordNewestFirst(order.result as unknown as MvrRecord) };
  }

  private async load(principal: Principal, orderId: string) {
    assertCan(principal, 'view', 'Order');
    const order = await repo.findOrder(this.db, principal.companyId, orderId);
    if (!order) throw notFound('order');
    return order;
  }
}
