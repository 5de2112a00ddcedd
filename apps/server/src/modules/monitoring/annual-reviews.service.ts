// Annual reviews of a driver's MVR (49 CFR 391.25): recorded against a complete MVR order of the
// driver, by the caller, and kept in the driver's history.
import type { AnnualReview, AnnualReviewDecision, RecordAnnualReviewBody } from '@clearlane/contract';
import type { Database, Executor } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { invalidInput } from '../../http/errors.ts';
import * as reviews from './annual-reviews.repository.ts';
import { insertPersonEvents } from './person-events.repository.ts';
import { nameOf, requirePerson } from './monitoring.service.ts';

const DECISION_LABELS: Record<AnnualReviewDecision, string> = { QUALIFIED: 'qualified', NOT_QUALIFIED: 'not qualified' };

/** Today as the server's calendar knows it (UTC): US time zones are behind UTC, so never ahead of a user's today. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export function toAnnualReview(row: reviews.AnnualReviewRow): AnnualReview {
  return { ...row, decision: row.decision as AnnualReviewDecision, createdAt: row.createdAt.toISOString() };
}

/** Writes the review and its ANNUAL_REVIEW_RECORDED event (inside the caller's transaction). */
export async function recordAnnualReview(
  tx: Executor,
  principal: Principal,
  review: Omit<reviews.NewAnnualReview, 'reviewerId' | 'reviewerName'>,
): Promise<reviews.AnnualReviewRow> {
  const row = await reviews.insertAnnualReview(tx, principal.companyId, { ...review, reviewerId: principal.userId, reviewerName: nameOf(principal) });
  await insertPersonEvents(tx, principal.companyId, [{
    personId: review.personId, type: 'ANNUAL_REVIEW_RECORDED', actorId: principal.userId,
    message: `Annual review recorded by ${nameOf(principal)}: ${DECISION_LABELS[review.decision]}`,
    data: { annualReviewId: row.id, orderId: review.orderId, decision: review.decision, reviewedOn: review.reviewedOn, alertId: review.alertId },
  }]);
  return row;
}

export class AnnualReviewsService {
  constructor(private readonly db: Database) {}

  async record(principal: Principal, personId: string, body: RecordAnnualReviewBody): Promise<AnnualReview> {
    assertCan(principal, 'create', 'Monitoring');
    const reviewedOn = body.reviewedOn ?? todayUtc();
    if (reviewedOn > todayUtc()) throw invalidInput([{ path: 'body.reviewedOn', message: 'must not be in the future' }]);
    return this.db.transaction(async (tx) => {
      await requirePerson(tx, principal.companyId, personId);
      if (!(await reviews.findCompleteMvrOrder(tx, principal.companyId, personId, body.orderId))) {
        throw invalidInput([{ path: 'body.orderId', message: 'is not a complete MVR order of this driver' }]);
      }
      const row = await recordAnnualReview(tx, principal, {
        personId, orderId: body.orderId, reviewedOn, note: body.note, decision: body.decision, alertId: null,
      });
      return toAnnualReview(row);
    });
  }

  async list(principal: Principal, personId: string): Promise<AnnualReview[]> {
    assertCan(principal, 'view', 'Monitoring');
    await requirePerson(this.db, principal.companyId, personId);
    return (await reviews.listAnnualReviews(this.db, principal.companyId, personId)).map(toAnnualReview);
  }
}
