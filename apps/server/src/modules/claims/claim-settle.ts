// How a claim follows its orders (issue 11, docs/DECISIONS.md "Claims"): each finished order is
// judged once with the claim's ruleset, the status is derived from the orders and the form, and a
// claim asked to "publish if possible" is published as soon as it can be. Runs in the caller's
// transaction with the claim row locked: after every change of the claim and when an attached
// order finishes (claims.jobs.ts), so the same rules hold however the claim got there.
import { createHash } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { diffFormData, type ClaimSnapshotChanges, type ClaimSnapshotOrder, type ClaimStatus, type FormProblem, type MvrRecord, type Outcome } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { adjudicate, type Adjudication } from '../../adjudication/evaluate.ts';
import { InvalidRulesetError, resolveRuleset } from '../rulesets/rulesets.service.ts';
import { formProblems, validatorsOf } from './claim-validation.ts';
import * as repo from './claims.repository.ts';

const FINISHED_ORDER_STATUSES = ['Complete', 'Failed', 'Error'];
const isMvr = (type: string) => type === 'MVR' || type === 'MVR_WITH_ADJUDICATION';

/** The form's problems against the full schema of the claim's version (what publishing needs). */
export async function publishProblems(db: Executor, claim: repo.ClaimRow): Promise<FormProblem[]> {
  const schema = await repo.findSchema(db, claim.companyId, claim.schemaVersion);
  if (!schema) return [{ path: '', message: `the claim form version ${claim.schemaVersion} is missing` }];
  try {
    return formProblems(validatorsOf(`${claim.companyId}:${claim.schemaVersion}`, schema.schema), 'full', claim.formData);
  } catch (error) {
    // A version broken outside Clearlane blocks publishing, with the reason; the claim can still be read.
    if (error instanceof AppError && error.code === 'InvalidClaimSchema') return [{ path: '', message: error.message }];
    throw error;
  }
}

/** The claim's judgement of a finished order: an MVR by the ruleset, any other report by its own outcome. */
async function judge(db: Executor, companyId: string, order: repo.ClaimOrderRow) {
  if (order.orderStatus !== 'Complete' || !isMvr(order.type) || !order.result) {
    return { outcome: order.orderOutcome, adjudication: null, rulesetVersion: null };
  }
  let adjudication: Adjudication;
  let rulesetVersion: string | null = null;
  try {
    const ruleset = await resolveRuleset(db, companyId, order.adjudicationRuleset);
    if (!ruleset) throw new InvalidRulesetError(order.adjudicationRuleset, [{ path: 'namespace', message: 'no longer exists' }]);
    adjudication = { ...adjudicate(order.result as unknown as MvrRecord, ruleset), rulesetVersion: ruleset.version };
    rulesetVersion = String(ruleset.version);
  } catch (error) {
    if (!(error instanceof InvalidRulesetError)) throw error;
    // Retrying cannot mend a broken ruleset: the claim says the record was not judged and why.
    adjudication = { outcome: 'Indeterminate', rulesetNamespace: error.namespace, results: [], decidingRuleIds: [], summary: error.summary };
  }
  return { outcome: adjudication.outcome, adjudication, rulesetVersion };
}

/** The status the orders and the form give a claim that is not published, and why. */
export function derivedStatus(orders: Pick<repo.ClaimOrderRow, 'orderId' | 'orderStatus' | 'subjectLabel' | 'failureReason'>[], formComplete: boolean): { status: ClaimStatus; reason: string | null } {
  if (orders.length === 0) return formComplete ? { status: 'Received', reason: 'The form is complete; attach the reports that go with it.' } : { status: 'New', reason: null };
  const named = (order: (typeof orders)[number]) => `${order.subjectLabel} (order ${order.orderId})`;
  const inFlight = orders.filter((order) => !FINISHED_ORDER_STATUSES.includes(order.orderStatus));
  if (inFlight.length > 0) return { status: 'Processing', reason: `Waiting for ${inFlight.map(named).join(', ')}.` };
  for (const status of ['Error', 'Failed'] as const) {
    const ended = orders.filter((order) => order.orderStatus === status);
    if (ended.length > 0) {
      return { status, reason: ended.map((order) => `${named(order)} ended in ${status}${order.failureReason ? `: ${order.failureReason}` : ''}`).join('; ') };
    }
  }
  return { status: 'Complete', reason: null };
}

/** What stands between the claim and its publication, by field; empty when it can be published. */
export function publishBlockers(claim: repo.ClaimRow, orders: repo.ClaimOrderRow[], problems: FormProblem[]): FormProblem[] {
  if (claim.status === 'Published') return [{ path: 'status', message: 'is Published already: edit the claim (an Update) to publish again' }];
  const blockers = problems.map((problem) => ({ path: problem.path ? `formData.${problem.path}` : 'formData', message: problem.message }));
  if (orders.length === 0) blockers.push({ path: 'orders', message: 'attach at least one report (an MVR of a driver, a VIN report of a vehicle) before publishing' });
  for (const order of orders) {
    if (order.orderStatus !== 'Complete') {
      const what = FINISHED_ORDER_STATUSES.includes(order.orderStatus) ? `ended in ${order.orderStatus}${order.failureReason ? ` (${order.failureReason})` : ''}: order it again or detach it` : `is ${order.orderStatus}: wait until it completes`;
      blockers.push({ path: `orders.${order.orderId}`, message: `${order.subjectLabel} ${what}` });
    }
  }
  return blockers;
}

/** Canonical JSON (keys sorted at every level): the same report always has the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const reportSha256 = (result: unknown) => (result ? createHash('sha256').update(canonicalJson(result)).digest('hex') : null);

function snapshotOrderOf(order: repo.ClaimOrderRow): ClaimSnapshotOrder {
  const adjudication = (order.adjudication as ClaimSnapshotOrder['adjudication']) ?? null;
  return {
    orderId: order.orderId, type: order.type as ClaimSnapshotOrder['type'], subjectLabel: order.subjectLabel, status: order.orderStatus as ClaimSnapshotOrder['status'],
    completedAt: order.completedAt?.toISOString() ?? null, outcome: order.outcome as Outcome | null, decidingRuleIds: adjudication?.decidingRuleIds ?? [],
    adjudication, rulesetNamespace: order.adjudicationRuleset, rulesetVersion: order.rulesetVersion, reportSha256: reportSha256(order.result),
  };
}

/** What changed since the previous snapshot: form fields, schema version, orders and their outcomes. */
export function changesSince(previous: repo.ClaimSnapshotRow | undefined, claim: repo.ClaimRow, orders: ClaimSnapshotOrder[]): ClaimSnapshotChanges {
  if (!previous) return { since: null, schemaVersion: null, formData: [], ordersAdded: orders.map((order) => order.orderId), ordersRemoved: [], outcomesChanged: [] };
  const before = new Map((previous.orders as ClaimSnapshotOrder[]).map((order) => [order.orderId, order]));
  const after = new Map(orders.map((order) => [order.orderId, order]));
  return {
    since: previous.number,
    schemaVersion: previous.schemaVersion === claim.schemaVersion ? null : { before: previous.schemaVersion, after: claim.schemaVersion },
    formData: diffFormData(previous.formData, claim.formData),
    ordersAdded: orders.filter((order) => !before.has(order.orderId)).map((order) => order.orderId),
    ordersRemoved: [...before.keys()].filter((orderId) => !after.has(orderId)),
    outcomesChanged: orders.flatMap((order) => {
      const earlier = before.get(order.orderId);
      return earlier && earlier.outcome !== order.outcome ? [{ orderId: order.orderId, before: earlier.outcome, after: order.outcome }] : [];
    }),
  };
}

export const changeCountOf = (changes: ClaimSnapshotChanges) =>
  changes.formData.length + changes.ordersAdded.length + changes.ordersRemoved.length + changes.outcomesChanged.length + (changes.schemaVersion ? 1 : 0);

export interface Publisher {
  id: string | null;
  name: string;
}

/** Writes the next snapshot and marks the claim Published. The caller checked publishBlockers. */
export async function publishClaim(tx: Executor, claim: repo.ClaimRow, orders: repo.ClaimOrderRow[], publisher: Publisher): Promise<repo.ClaimRow> {
  const snapshotOrders = orders.map(snapshotOrderOf);
  const changes = changesSince(await repo.latestSnapshot(tx, claim.companyId, claim.id), claim, snapshotOrders);
  const number = claim.snapshotCount + 1;
  const snapshot = await repo.insertSnapshot(tx, {
    id: uuidv7(), companyId: claim.companyId, claimId: claim.id, number, kind: claim.kind, formData: claim.formData, schemaVersion: claim.schemaVersion,
    orders: snapshotOrders, changes, publishedBy: publisher.id, publishedByName: publisher.name,
  });
  const published = await repo.updateClaim(tx, claim.companyId, claim.id, {
    status: 'Published', statusReason: null, publishedAt: snapshot.publishedAt, snapshotCount: number, publishIfPossible: false, publishRequestedBy: null,
  });
  await repo.insertClaimEvent(tx, claim.companyId, claim.id, {
    type: 'PUBLISHED', actorId: publisher.id, message: `Published as snapshot ${number} by ${publisher.name}`,
    data: { snapshotId: snapshot.id, number, fromStatus: claim.status, changeCount: changeCountOf(changes) },
  });
  return published;
}

/**
 * Brings a locked claim up to date with its orders: judges the orders that finished, derives the
 * status (a Published claim stays so until it is changed), and publishes it when it was asked to
 * publish if possible and now can be. Writes only what changed; answers the claim as it is now.
 */
export async function settleClaim(tx: Executor, claim: repo.ClaimRow): Promise<repo.ClaimRow> {
  const { companyId } = claim;
  let orders = await repo.listClaimOrders(tx, companyId, claim.id);
  for (const order of orders.filter((order) => order.judgedAt === null && FINISHED_ORDER_STATUSES.includes(order.orderStatus))) {
    const judgement = await judge(tx, companyId, order);
    await repo.recordJudgement(tx, companyId, claim.id, order.orderId, judgement);
    await repo.insertClaimEvent(tx, companyId, claim.id, {
      type: 'ORDER_JUDGED',
      message: judgement.adjudication
        ? `${order.subjectLabel}: ${judgement.adjudication.outcome} by the ruleset "${order.adjudicationRuleset}" (${judgement.adjudication.summary})`
        : `${order.subjectLabel}: ${order.orderStatus}${judgement.outcome ? `, ${judgement.outcome}` : ''}`,
      data: { orderId: order.orderId, orderStatus: order.orderStatus, outcome: judgement.outcome, ruleset: order.adjudicationRuleset, decidingRuleIds: judgement.adjudication?.decidingRuleIds ?? [] },
    });
  }
  orders = await repo.listClaimOrders(tx, companyId, claim.id);
  if (claim.status === 'Published') return claim;
  const problems = await publishProblems(tx, claim);
  const { status, reason } = derivedStatus(orders, problems.length === 0);
  let current = claim;
  if (status !== claim.status || reason !== claim.statusReason) {
    current = await repo.updateClaim(tx, companyId, claim.id, { status, statusReason: reason });
    if (status !== claim.status) {
      await repo.insertClaimEvent(tx, companyId, claim.id, {
        type: 'STATUS_CHANGED', message: `${claim.status} → ${status}${reason ? `: ${reason}` : ''}`, data: { from: claim.status, to: status, reason },
      });
    }
  }
  if (current.publishIfPossible && publishBlockers(current, orders, problems).length === 0) {
    const requestedBy = current.publishRequestedBy;
    const name = (requestedBy ? await repo.userName(tx, requestedBy) : null) ?? 'a former user';
    current = await publishClaim(tx, current, orders, { id: requestedBy, name: `${name} (publish when possible)` });
  }
  return current;
}
