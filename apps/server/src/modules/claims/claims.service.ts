// Claims of the caller's company (issue 11): filing and editing the loss notice (draft-checked
// against the claim's schema version), attaching orders judged by a ruleset, publishing immutable
// numbered snapshots, and the company's versions of the claim form. Every change of a claim is one
// transaction with the claim row locked, its events, and settleClaim (status, judgements, publish).
import { uuidv7 } from 'uuidv7';
import {
  BUILT_IN_CLAIM_SCHEMA_VERSION, CLAIM_SORT_FIELDS, DEFAULT_RULE_NAMESPACE, MAX_CLAIM_ORDERS, diffFormData,
  type AttachClaimOrderBody, type Claim, type ClaimDetail, type ClaimListFilter, type ClaimOrder, type ClaimSchemaVersion, type ClaimSnapshot,
  type ClaimSnapshotSummary, type CreateClaimBody, type DetachClaimOrderBody, type FormProblem, type Page, type PublishClaimSchemaBody, type UpdateClaimBody,
} from '@clearlane/contract';
import type { Database, Executor } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { conflict, invalidInput, notFound, type FieldError } from '../../http/errors.ts';
import { pageMeta } from '../../http/page-meta.ts';
import { dateRange, sortTerms } from '../../http/list-params.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { resolveRuleset } from '../rulesets/rulesets.service.ts';
import { findOrder, findPerson } from '../orders/orders.repository.ts';
import { renderClaimSnapshotPdf } from '../../documents/claim-snapshot.ts';
import { claimSchemaProblems, formProblems, validatorsOf } from './claim-validation.ts';
import { changeCountOf, publishBlockers, publishClaim, publishProblems, settleClaim } from './claim-settle.ts';
import * as repo from './claims.repository.ts';

export interface ListClaimsInput extends ClaimListFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const at = (data: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);
const textAt = (data: unknown, ...path: string[]) => {
  const value = at(data, ...path);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** The columns a list shows and filters by, read from the form (whatever is entered so far). */
export function derivedFields(formData: Record<string, unknown>) {
  const policyNumber = textAt(formData, 'policy', 'policyNumber');
  const occurredAt = textAt(formData, 'loss', 'occurredAt');
  const lossOccurredAt = occurredAt && Number.isFinite(Date.parse(occurredAt)) ? new Date(occurredAt) : null;
  const place = [textAt(formData, 'loss', 'location', 'city'), textAt(formData, 'loss', 'location', 'state')].filter(Boolean).join(', ');
  const title = [policyNumber ? `Policy ${policyNumber}` : 'No policy number yet', lossOccurredAt ? `loss ${lossOccurredAt.toISOString().slice(0, 10)}` : null, place || null]
    .filter(Boolean).join(' · ');
  // Every text of the form, lower-cased: names, VINs, plates, places and descriptions are all matched.
  const words: string[] = [];
  const collect = (node: unknown) => {
    if (typeof node === 'string') words.push(node.toLowerCase());
    else if (node !== null && typeof node === 'object') Object.values(node).forEach(collect);
  };
  collect(formData);
  return { policyNumber, lossOccurredAt, title, searchText: words.join(' \u0001 ').slice(0, 100_000) };
}

const bodyPath = (problem: FormProblem): FieldError => ({ path: problem.path ? `body.formData.${problem.path}` : 'body.formData', message: problem.message });

/** Event data keeps what changed, bounded: a long text shows its start. */
const bounded = (value: unknown): unknown => (typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value);

function toClaim(row: repo.ClaimSummaryRow | repo.ClaimRow, orderCount: number): Claim {
  return {
    id: row.id, kind: row.kind as Claim['kind'], status: row.status as Claim['status'], statusReason: row.statusReason, schemaVersion: row.schemaVersion,
    adjudicationRuleset: row.adjudicationRuleset, publishIfPossible: row.publishIfPossible, title: row.title, policyNumber: row.policyNumber,
    lossOccurredAt: iso(row.lossOccurredAt), orderCount, snapshotCount: row.snapshotCount, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(), publishedAt: iso(row.publishedAt),
  };
}

function toClaimOrder(row: repo.ClaimOrderRow): ClaimOrder {
  return {
    orderId: row.orderId, type: row.type as ClaimOrder['type'], subjectLabel: row.subjectLabel, orderStatus: row.orderStatus as ClaimOrder['orderStatus'],
    failureReason: row.failureReason, adjudicationRuleset: row.adjudicationRuleset, outcome: row.outcome as ClaimOrder['outcome'],
    adjudication: (row.adjudication as ClaimOrder['adjudication']) ?? null, judgedAt: iso(row.judgedAt), rulesetVersion: row.rulesetVersion,
    attachedAt: row.attachedAt.toISOString(), attachedBy: row.attachedBy,
  };
}

function toSnapshotSummary(row: repo.ClaimSnapshotRow): ClaimSnapshotSummary {
  return {
    id: row.id, claimId: row.claimId, number: row.number, kind: row.kind as ClaimSnapshot['kind'], schemaVersion: row.schemaVersion,
    publishedAt: row.publishedAt.toISOString(), publishedBy: row.publishedBy, publishedByName: row.publishedByName,
    changeCount: changeCountOf(row.changes as ClaimSnapshot['changes']),
  };
}

function toSchemaVersion(row: repo.ClaimSchemaRow): ClaimSchemaVersion {
  return { version: row.version, builtIn: row.builtIn, note: row.note, schema: row.schema, uiSchema: row.uiSchema, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy };
}

export class ClaimsService {
  constructor(private readonly db: Database) {}

  // --- the claim form's versions ---

  /** The version new claims are entered against: the newest, or the built-in form before any claim. */
  async currentSchema(principal: Principal): Promise<ClaimSchemaVersion> {
    assertCan(principal, 'view', 'Claim');
    const version = (await repo.latestSchemaVersion(this.db, principal.companyId)) ?? BUILT_IN_CLAIM_SCHEMA_VERSION;
    return this.schemaVersion(principal, version);
  }

  async schemaVersion(principal: Principal, version: number): Promise<ClaimSchemaVersion> {
    assertCan(principal, 'view', 'Claim');
    const row = await repo.findSchema(this.db, principal.companyId, version);
    if (row) return toSchemaVersion(row);
    if (version !== BUILT_IN_CLAIM_SCHEMA_VERSION) throw notFound('claim form version');
    // The built-in form is version 1 of every company, stored when the company first needs it.
    await repo.ensureBuiltInSchema(this.db, principal.companyId);
    return toSchemaVersion((await repo.findSchema(this.db, principal.companyId, version))!);
  }

  async listSchemaVersions(principal: Principal) {
    assertCan(principal, 'view', 'Claim');
    await repo.ensureBuiltInSchema(this.db, principal.companyId);
    const rows = await repo.listSchemas(this.db, principal.companyId);
    return rows.map((row, index) => ({ ...row, createdAt: row.createdAt.toISOString(), current: index === 0 }));
  }

  /** A Company Admin publishes the next version; claims already entered keep theirs. */
  async publishSchema(principal: Principal, body: PublishClaimSchemaBody): Promise<ClaimSchemaVersion> {
    // The form is the company's own document, like its users: its admin's (manage ANY), not a Manager's.
    assertCan(principal, 'manage', 'all');
    const problems = claimSchemaProblems(body.schema, body.uiSchema);
    if (problems.length > 0) throw invalidInput(problems.map((problem) => ({ path: `body.${problem.path}`, message: problem.message })), 'This is not a claim form the portal can show.');
    await repo.ensureBuiltInSchema(this.db, principal.companyId);
    try {
      return await this.db.transaction(async (tx) => {
        const version = ((await repo.latestSchemaVersion(tx, principal.companyId)) ?? BUILT_IN_CLAIM_SCHEMA_VERSION) + 1;
        const row = await repo.insertSchema(tx, { companyId: principal.companyId, version, schema: body.schema, uiSchema: body.uiSchema ?? {}, note: body.note ?? null, createdBy: principal.userId });
        return toSchemaVersion(row);
      });
    } catch (error) {
      // Two admins publishing at once: the primary key gives the number to one; the other is told so.
      if (!isUniqueViolation(error)) throw error;
      throw conflict('ClaimSchemaVersionTaken', 'Someone published a version of the claim form at the same moment. Look at the newest version, then publish yours again.');
    }
  }

  // --- claims ---

  async list(principal: Principal, input: ListClaimsInput): Promise<Page<Claim>> {
    assertCan(principal, 'view', 'Claim');
    const sort = sortTerms(input.sort, CLAIM_SORT_FIELDS);
    const { from, toExclusive } = dateRange(input, 'query');
    const page = await repo.listClaims(this.db, {
      companyId: principal.companyId, page: input.page, size: input.size, sort, status: input.status, kind: input.kind, from, toExclusive, filter: input.filter,
    });
    return { content: page.rows.map((row) => toClaim(row, row.orderCount)), page: pageMeta(input, page) };
  }

  async create(principal: Principal, body: CreateClaimBody): Promise<ClaimDetail> {
    assertCan(principal, 'create', 'Claim');
    if (body.publishIfPossible) assertCan(principal, 'manage', 'Claim');
    const id = uuidv7();
    const { companyId } = principal;
    await this.db.transaction(async (tx) => {
      await repo.ensureBuiltInSchema(tx, companyId);
      const version = body.schemaVersion ?? (await repo.latestSchemaVersion(tx, companyId))!;
      if (!(await repo.findSchema(tx, companyId, version))) throw invalidInput([{ path: 'body.schemaVersion', message: `is not a version of your company's claim form (${version})` }]);
      await this.checkDraft(tx, companyId, version, body.formData);
      await this.checkRuleset(tx, companyId, body.adjudicationRuleset);
      await repo.insertClaim(tx, {
        id, companyId, kind: 'New', status: 'New', formData: body.formData, schemaVersion: version, adjudicationRuleset: body.adjudicationRuleset ?? null,
        ...derivedFields(body.formData), ...this.publishRequest(principal, body.publishIfPossible), createdBy: principal.userId, updatedBy: principal.userId,
      });
      await repo.insertClaimEvent(tx, companyId, id, {
        type: 'CREATED', actorId: principal.userId, message: `Filed by ${principal.firstName} ${principal.lastName} on form version ${version}`,
        data: { schemaVersion: version, adjudicationRuleset: body.adjudicationRuleset ?? null, publishIfPossible: body.publishIfPossible ?? false },
      });
      await settleClaim(tx, (await repo.findClaim(tx, companyId, id, true))!);
    });
    return this.detail(this.db, companyId, id);
  }

  async update(principal: Principal, claimId: string, body: UpdateClaimBody): Promise<ClaimDetail> {
    assertCan(principal, 'create', 'Claim');
    if (body.publishIfPossible) assertCan(principal, 'manage', 'Claim');
    await this.change(principal, claimId, async (tx, claim) => {
      await this.checkDraft(tx, claim.companyId, claim.schemaVersion, body.formData);
      if (body.adjudicationRuleset) await this.checkRuleset(tx, claim.companyId, body.adjudicationRuleset);
      const changes = diffFormData(claim.formData, body.formData);
      const rulesetChanged = body.adjudicationRuleset !== undefined && (body.adjudicationRuleset ?? null) !== claim.adjudicationRuleset;
      let current = claim;
      if (changes.length > 0 || rulesetChanged) {
        current = await this.startUpdateIfPublished(tx, principal, current);
        current = await repo.updateClaim(tx, claim.companyId, claim.id, {
          formData: body.formData, ...derivedFields(body.formData), updatedBy: principal.userId,
          ...(rulesetChanged ? { adjudicationRuleset: body.adjudicationRuleset ?? null } : {}),
        });
        await repo.insertClaimEvent(tx, claim.companyId, claim.id, {
          type: 'UPDATED', actorId: principal.userId,
          message: `Edited by ${principal.firstName} ${principal.lastName}: ${changes.length} field${changes.length === 1 ? '' : 's'} changed${rulesetChanged ? `, ruleset "${body.adjudicationRuleset ?? DEFAULT_RULE_NAMESPACE}"` : ''}`,
          data: {
            changeCount: changes.length,
            changes: changes.slice(0, 50).map((change) => ({ path: change.path, before: bounded(change.before), after: bounded(change.after) })),
            ...(rulesetChanged ? { adjudicationRuleset: { before: claim.adjudicationRuleset, after: body.adjudicationRuleset ?? null } } : {}),
          },
        });
      }
      return this.applyPublishRequest(tx, principal, current, body.publishIfPossible);
    });
    return this.detail(this.db, principal.companyId, claimId);
  }

  async get(principal: Principal, claimId: string): Promise<ClaimDetail> {
    assertCan(principal, 'view', 'Claim');
    // Reading catches up with orders that finished since (the fulfilment's hook normally did already).
    await this.db.transaction(async (tx) => {
      const claim = await repo.findClaim(tx, principal.companyId, claimId, true);
      if (!claim) throw notFound('claim');
      await settleClaim(tx, claim);
    });
    return this.detail(this.db, principal.companyId, claimId);
  }

  async publish(principal: Principal, claimId: string): Promise<ClaimDetail> {
    assertCan(principal, 'manage', 'Claim');
    await this.change(principal, claimId, async (tx, claim) => {
      const orders = await repo.listClaimOrders(tx, claim.companyId, claim.id);
      const blockers = publishBlockers(claim, orders, await publishProblems(tx, claim));
      if (blockers.length > 0) {
        throw conflict('ClaimNotPublishable', `The claim cannot be published yet: ${blockers.slice(0, 3).map((b) => `${b.path} ${b.message}`).join('; ')}${blockers.length > 3 ? `; and ${blockers.length - 3} more` : ''}.`, blockers);
      }
      return publishClaim(tx, claim, orders, { id: principal.userId, name: `${principal.firstName} ${principal.lastName}` });
    });
    return this.detail(this.db, principal.companyId, claimId);
  }

  async orders(principal: Principal, claimId: string): Promise<ClaimOrder[]> {
    return (await this.get(principal, claimId)).orders;
  }

  async attachOrder(principal: Principal, claimId: string, orderId: string, body: AttachClaimOrderBody): Promise<ClaimDetail> {
    assertCan(principal, 'create', 'Claim');
    if (body.publishIfPossible) assertCan(principal, 'manage', 'Claim');
    await this.change(principal, claimId, async (tx, claim) => {
      const order = await findOrder(tx, claim.companyId, orderId);
      if (!order) throw notFound('order');
      const attached = await repo.listClaimOrders(tx, claim.companyId, claim.id);
      if (!attached.some((row) => row.orderId === orderId) && attached.length >= MAX_CLAIM_ORDERS) {
        throw conflict('TooManyOrders', `A claim holds at most ${MAX_CLAIM_ORDERS} orders; detach one first.`);
      }
      const ruleset = body.adjudicationRuleset ?? claim.adjudicationRuleset ?? DEFAULT_RULE_NAMESPACE;
      await this.checkRuleset(tx, claim.companyId, ruleset);
      let current = await this.startUpdateIfPublished(tx, principal, claim);
      await repo.attachOrder(tx, { companyId: claim.companyId, claimId: claim.id, orderId, adjudicationRuleset: ruleset, attachedBy: principal.userId });
      await repo.insertClaimEvent(tx, claim.companyId, claim.id, {
        type: 'ORDER_ATTACHED', actorId: principal.userId,
        message: `${order.subjectLabel} attached by ${principal.firstName} ${principal.lastName}, judged by the ruleset "${ruleset}"`,
        data: { orderId, type: order.type, orderStatus: order.status, ruleset },
      });
      current = await repo.updateClaim(tx, claim.companyId, claim.id, { updatedBy: principal.userId });
      return this.applyPublishRequest(tx, principal, current, body.publishIfPossible);
    });
    return this.detail(this.db, principal.companyId, claimId);
  }

  async detachOrder(principal: Principal, claimId: string, orderId: string, body: DetachClaimOrderBody | undefined): Promise<ClaimDetail> {
    assertCan(principal, 'create', 'Claim');
    if (body?.publishIfPossible) assertCan(principal, 'manage', 'Claim');
    await this.change(principal, claimId, async (tx, claim) => {
      const order = await findOrder(tx, claim.companyId, orderId);
      const attached = (await repo.listClaimOrders(tx, claim.companyId, claim.id)).some((row) => row.orderId === orderId);
      if (!order || !attached) throw notFound('order on this claim');
      let current = await this.startUpdateIfPublished(tx, principal, claim);
      await repo.detachOrder(tx, claim.companyId, claim.id, orderId);
      await repo.insertClaimEvent(tx, claim.companyId, claim.id, {
        type: 'ORDER_DETACHED', actorId: principal.userId, message: `${order.subjectLabel} detached by ${principal.firstName} ${principal.lastName}`,
        data: { orderId, type: order.type, orderStatus: order.status },
      });
      current = await repo.updateClaim(tx, claim.companyId, claim.id, { updatedBy: principal.userId });
      return this.applyPublishRequest(tx, principal, current, body?.publishIfPossible);
    });
    return this.detail(this.db, principal.companyId, claimId);
  }

  async snapshots(principal: Principal, claimId: string): Promise<ClaimSnapshotSummary[]> {
    await this.load(principal, claimId);
    return (await repo.listSnapshots(this.db, principal.companyId, claimId)).map(toSnapshotSummary);
  }

  async snapshot(principal: Principal, claimId: string, snapshotId: string): Promise<ClaimSnapshot> {
    await this.load(principal, claimId);
    const row = await repo.findSnapshot(this.db, principal.companyId, claimId, snapshotId);
    if (!row) throw notFound('snapshot');
    return { ...toSnapshotSummary(row), formData: row.formData, orders: row.orders as ClaimSnapshot['orders'], changes: row.changes as ClaimSnapshot['changes'] };
  }

  /** The snapshot as a PDF (the same checks as its JSON). */
  async snapshotDocument(principal: Principal, claimId: string, snapshotId: string): Promise<{ pdf: Buffer; fileName: string }> {
    const snapshot = await this.snapshot(principal, claimId, snapshotId);
    const [claim, schema] = await Promise.all([repo.findClaim(this.db, principal.companyId, claimId), repo.findSchema(this.db, principal.companyId, snapshot.schemaVersion)]);
    const pdf = await renderClaimSnapshotPdf({
      companyName: principal.companyName, claimTitle: claim!.title, snapshot, schema: schema?.schema ?? {}, generatedAt: new Date(),
    });
    return { pdf, fileName: `claim-${claimId}-snapshot-${snapshot.number}.pdf` };
  }

  // --- helpers ---

  private async load(principal: Principal, claimId: string) {
    assertCan(principal, 'view', 'Claim');
    const claim = await repo.findClaim(this.db, principal.companyId, claimId);
    if (!claim) throw notFound('claim');
    return claim;
  }

  /** One change of a claim: locked, changed, settled, in one transaction. */
  private async change(principal: Principal, claimId: string, work: (tx: Executor, claim: repo.ClaimRow) => Promise<repo.ClaimRow>) {
    await this.db.transaction(async (tx) => {
      const claim = await repo.findClaim(tx, principal.companyId, claimId, true);
      if (!claim) throw notFound('claim');
      await settleClaim(tx, await work(tx, claim));
    });
  }

  private async detail(db: Executor, companyId: string, claimId: string): Promise<ClaimDetail> {
    const claim = await repo.findClaim(db, companyId, claimId);
    if (!claim) throw notFound('claim');
    const [orders, events, problems] = await Promise.all([repo.listClaimOrders(db, companyId, claimId), repo.listClaimEvents(db, companyId, claimId), publishProblems(db, claim)]);
    return {
      ...toClaim(claim, orders.length),
      formData: claim.formData,
      orders: orders.map(toClaimOrder),
      events: events.map((event) => ({ ...event, data: event.data ?? null, createdAt: event.createdAt.toISOString() })),
      publishBlockers: publishBlockers(claim, orders, problems),
    };
  }

  /** Saving: the draft schema of the claim's version, the checks JSON Schema cannot make, and the company's drivers. */
  private async checkDraft(tx: Executor, companyId: string, version: number, formData: Record<string, unknown>) {
    const schema = (await repo.findSchema(tx, companyId, version))!;
    const problems = formProblems(validatorsOf(`${companyId}:${version}`, schema.schema), 'draft', formData);
    const drivers = formData.drivers;
    if (Array.isArray(drivers)) {
      for (const [index, driver] of drivers.entries()) {
        const personId = (driver as Record<string, unknown> | null)?.personId;
        if (typeof personId === 'string' && /^[0-9a-f-]{36}$/i.test(personId) && !(await findPerson(tx, companyId, personId))) {
          problems.push({ path: `drivers.${index}.personId`, message: 'is not a driver of your company' });
        }
      }
    }
    if (problems.length > 0) throw invalidInput(problems.map(bodyPath), 'Some fields of the claim are not valid.');
  }

  private async checkRuleset(tx: Executor, companyId: string, namespace: string | null | undefined) {
    if (!namespace) return;
    if (!(await resolveRuleset(tx, companyId, namespace))) {
      throw invalidInput([{ path: 'body.adjudicationRuleset', message: `is not one of your company's rulesets ("${namespace}"); leave it empty for the default` }]);
    }
  }

  private publishRequest(principal: Principal, publishIfPossible: boolean | undefined) {
    if (publishIfPossible === undefined) return {};
    return { publishIfPossible, publishRequestedBy: publishIfPossible ? principal.userId : null };
  }

  /** publishIfPossible true asks to publish as soon as possible; false withdraws the request; left out changes nothing. */
  private async applyPublishRequest(tx: Executor, principal: Principal, claim: repo.ClaimRow, publishIfPossible: boolean | undefined) {
    if (publishIfPossible === undefined || (publishIfPossible === claim.publishIfPossible && !publishIfPossible)) return claim;
    const updated = await repo.updateClaim(tx, claim.companyId, claim.id, this.publishRequest(principal, publishIfPossible));
    await repo.insertClaimEvent(tx, claim.companyId, claim.id, {
      type: publishIfPossible ? 'PUBLISH_REQUESTED' : 'PUBLISH_REQUEST_WITHDRAWN', actorId: principal.userId,
      message: publishIfPossible
        ? `${principal.firstName} ${principal.lastName} asked to publish as soon as the claim is complete and valid`
        : `${principal.firstName} ${principal.lastName} withdrew the request to publish when possible`,
      data: { publishIfPossible },
    });
    return updated;
  }

  /** Changing a published claim starts an Update: a supplement, published as the next snapshot. */
  private async startUpdateIfPublished(tx: Executor, principal: Principal, claim: repo.ClaimRow) {
    if (claim.status !== 'Published') return claim;
    const updated = await repo.updateClaim(tx, claim.companyId, claim.id, { kind: 'Update', status: 'New', statusReason: null });
    await repo.insertClaimEvent(tx, claim.companyId, claim.id, {
      type: 'UPDATE_STARTED', actorId: principal.userId,
      message: `${principal.firstName} ${principal.lastName} started an Update of snapshot ${claim.snapshotCount}`,
      data: { since: claim.snapshotCount, fromKind: claim.kind },
    });
    return updated;
  }
}

