// Rows → API shapes. Dates leave as ISO strings; the stored adjudication is shown as recorded.
import { summarizeOrderResult, type Order, type OrderDetail, type OrderEvent } from '@clearlane/contract';
import type { orderEvents } from '../../db/schema.ts';
import type { OrderRow } from './orders.repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * An order read whole. A list's page is read straight into this shape, without a whole row
 * (readListedOrder in orders.repository.ts): the two must give the same Order.
 */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    type: row.type as Order['type'],
    status: row.status as Order['status'],
    processingStatus: row.processingStatus as Order['processingStatus'],
    outcome: row.outcome as Order['outcome'],
    subStatus: row.subStatus,
    changeNotes: row.changeNotes,
    isReviewed: row.isReviewed,
    reviewedAt: iso(row.reviewedAt),
    reviewedBy: row.reviewedBy,
    subjectLabel: row.subjectLabel,
    personId: row.personId,
    businessId: row.businessId,
    reportGroupId: row.reportGroupId,
    permissiblePurpose: row.permissiblePurpose as Order['permissiblePurpose'],
    ruleNamespace: row.ruleNamespace,
    riskAssessmentDefinitionName: row.riskAssessmentDefinitionName,
    mvrExternalReferenceId: row.mvrExternalReferenceId,
    isAutoAdjudicated: row.isAutoAdjudicated,
    tags: row.tags,
    failureReason: row.failureReason,
    resultSummary: row.status === 'Complete' ? summarizeOrderResult(row.type, row.result) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}

export function toEvent(row: typeof orderEvents.$inferSelect): OrderEvent {
  return {
    id: row.id, type: row.type, fromStatus: row.fromStatus, toStatus: row.toStatus, message: row.message,
    actorId: row.actorId, data: row.data ?? null, createdAt: row.createdAt.toISOString(),
  };
}

export function toDetail(row: OrderRow, events: (typeof orderEvents.$inferSelect)[]): OrderDetail {
  return { ...toOrder(row), events: events.map(toEvent), adjudication: (row.adjudication as OrderDetail['adjudication']) ?? null };
}
