// Annual reviews of a driver (49 CFR 391.25) and the driver's MVR orders they are recorded against.
import { and, desc, eq, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AnnualReviewDecision } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { annualReviews, orders } from '../../db/schema.ts';

const MVR_ORDER_TYPES = ['MVR', 'MVR_WITH_ADJUDICATION'];

const reviewColumns = {
  id: annualReviews.id,
  personId: annualReviews.personId,
  orderId: annualReviews.orderId,
  reviewerId: annualReviews.reviewerId,
  reviewerName: annualReviews.reviewerName,
  reviewedOn: annualReviews.reviewedOn,
  note: annualReviews.note,
  decision: annualReviews.decision,
  alertId: annualReviews.alertId,
  createdAt: annualReviews.createdAt,
};
export type AnnualReviewRow = { [K in keyof typeof reviewColumns]: (typeof annualReviews.$inferSelect)[K] };

export interface NewAnnualReview {
  personId: string;
  orderId: string;
  reviewerId: string;
  reviewerName: string;
  reviewedOn: string;
  note: string;
  decision: AnnualReviewDecision;
  alertId: string | null;
}

export async function insertAnnualReview(db: Executor, companyId: string, review: NewAnnualReview): Promise<AnnualReviewRow> {
  const [row] = await db.insert(annualReviews).values({ id: uuidv7(), companyId, ...review }).returning(reviewColumns);
  return row!;
}

/** The driver's reviews, newest first (by the day reviewed, then by when recorded). */
export async function listAnnualReviews(db: Executor, companyId: string, personId: string): Promise<AnnualReviewRow[]> {
  return db
    .select(reviewColumns)
    .from(annualReviews)
    .where(and(eq(annualReviews.companyId, companyId), eq(annualReviews.personId, personId)))
    .orderBy(desc(annualReviews.reviewedOn), desc(annualReviews.createdAt), desc(annualReviews.id));
}

const completeMvrOf = (companyId: string, personId: string) =>
  and(eq(orders.companyId, companyId), eq(orders.personId, personId), inArray(orders.type, MVR_ORDER_TYPES), eq(orders.status, 'Complete'));

const mvrColumns = { id: orders.id, status: orders.status, outcome: orders.outcome, adjudication: orders.adjudication, createdAt: orders.createdAt };
export type MvrOrderRow = { [K in keyof typeof mvrColumns]: (typeof orders.$inferSelect)[K] };

/** This order, if it is a complete MVR of this driver: what a review may be recorded against. */
export async function findCompleteMvrOrder(db: Executor, companyId: string, personId: string, orderId: string): Promise<MvrOrderRow | undefined> {
  const [row] = await db.select(mvrColumns).from(orders).where(and(completeMvrOf(companyId, personId), eq(orders.id, orderId)));
  return row;
}

/** The driver's latest complete MVR. */
export async function latestCompleteMvrOrder(db: Executor, companyId: string, personId: string): Promise<MvrOrderRow | undefined> {
  const [row] = await db.select(mvrColumns).from(orders).where(completeMvrOf(companyId, personId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(1);
  return row;
}

/** An order of the driver, whatever its state (an alert's fresh MVR). */
export async function findPersonOrder(db: Executor, companyId: string, personId: string, orderId: string): Promise<MvrOrderRow | undefined> {
  const [row] = await db.select(mvrColumns).from(orders).where(and(eq(orders.companyId, companyId), eq(orders.personId, personId), eq(orders.id, orderId)));
  return row;
}

/** The driver's judged MVR before `order`: what a fresh MVR's rule results are compared with. */
export async function previousJudgedMvrOrder(db: Executor, companyId: string, personId: string, order: { id: string; createdAt: Date }): Promise<MvrOrderRow | undefined> {
  const [row] = await db
    .select(mvrColumns)
    .from(orders)
    .where(and(completeMvrOf(companyId, personId), isNotNull(orders.adjudication), ne(orders.id, order.id), lt(orders.createdAt, order.createdAt)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}
