// Rulesets a company adjudicates MVRs with. A namespace the company never saved falls back to the
// seeded default only when it is "default": an order naming an unknown namespace is refused rather
// than silently judged by other rules.
import {
  DEFAULT_RULESET, MAX_LISTED_RULESET_VERSIONS, MAX_LISTED_RULESETS, RULESET_PREVIEW_DAYS, RULESET_PREVIEW_LISTED, RulesetSchema,
  type AdjudicationRule, type MvrRecord, type Outcome, type Ruleset, type RulesetBody, type RulesetPreview, type RulesetPreviewOrder,
  type RulesetSummary, type RulesetVersion, type RulesetVersionSummary,
} from '@clearlane/contract';
import { adjudicate } from '../../adjudication/evaluate.ts';
import type { Database, Executor } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { AppError, invalidInput, notFound, type FieldError } from '../../http/errors.ts';
import * as repo from './rulesets.repository.ts';

export const DEFAULT_NAMESPACE = DEFAULT_RULESET.namespace;

export interface RulesetView extends Ruleset {
  isDefault: boolean;
  updatedAt: string | null;
  /** The saved version (1, 2, …); 0 for the seeded default. */
  version: number;
}

/** The seeded default's version: it was never saved. */
export const SEEDED_VERSION = 0;

const StoredRulesetSchema = RulesetSchema.omit({ namespace: true });

/**
 * A stored ruleset that is not valid any more: its row was edited outside Clearlane (an operator's
 * SQL, a restore of old data). Nothing can be judged by it, and retrying will not change that, so
 * it is a 409 naming the ruleset and what is wrong in it, never a 500. Saving the ruleset again
 * (PUT, which does not read the stored row) repairs it.
 */
export class InvalidRulesetError extends AppError {
  constructor(
    public readonly namespace: string,
    public readonly problems: FieldError[],
  ) {
    super(
      409,
      'InvalidRuleset',
      `Your company's ruleset "${namespace}" is not valid, so nothing can be judged by it (${describe(problems)}). A Manager can correct it by saving the ruleset again.`,
      { title: 'Ruleset Not Valid', errors: problems },
    );
    this.name = 'InvalidRulesetError';
  }

  /** What an order that could not be judged by this ruleset says about it, for its reader. */
  get summary(): string {
    return `Not judged: the ruleset "${this.namespace}" is not valid (${describe(this.problems)}). Review the record yourself, or have a Manager correct the ruleset.`;
  }
}

const describe = (problems: FieldError[]) => {
  const shown = problems.slice(0, 3).map((problem) => `${problem.path} ${problem.message}`);
  return problems.length > 3 ? `${shown.join('; ')}; and ${problems.length - 3} more` : shown.join('; ');
};

/** An outcome names the rules that decided it by id: two rules with one id could not be told apart. */
function duplicateRuleIds(rules: readonly Pick<AdjudicationRule, 'id'>[], pathPrefix: string): FieldError[] {
  const seen = new Set<string>();
  return rules.flatMap((rule, index) => {
    if (!seen.has(rule.id)) return (seen.add(rule.id), []);
    return [{ path: `${pathPrefix}rules.${index}.id`, message: `"${rule.id}" is the id of an earlier rule; each rule needs its own` }];
  });
}

/**
 * The ruleset an order's adjudication uses; undefined when the company has no such namespace.
 * Throws InvalidRulesetError when the stored row is not a valid ruleset.
 */
export async function resolveRuleset(db: Executor, companyId: string, namespace: string | null | undefined): Promise<RulesetView | undefined> {
  const name = namespace ?? DEFAULT_NAMESPACE;
  const row = await repo.findRuleset(db, companyId, name);
  if (!row) return name === DEFAULT_NAMESPACE ? { ...DEFAULT_RULESET, isDefault: true, updatedAt: null, version: SEEDED_VERSION } : undefined;
  // Stored rules were validated when saved, but a hand-edited row must not misjudge (or crash) anything.
  const parsed = StoredRulesetSchema.safeParse({ name: row.name, rules: row.rules });
  const problems: FieldError[] = parsed.success
    ? duplicateRuleIds(parsed.data.rules, '')
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'rules', message: issue.message }));
  if (!parsed.success || problems.length > 0) throw new InvalidRulesetError(row.namespace, problems);
  return { namespace: row.namespace, ...parsed.data, isDefault: false, updatedAt: row.updatedAt.toISOString(), version: row.version };
}

/** Orders are re-judged by a preview this many at a time: memory stays bounded however many there are. */
const PREVIEW_BATCH = 500;

const savedByOf = (row: { savedById: string | null; savedByFirstName: string | null; savedByLastName: string | null; savedByEmail: string | null }) =>
  row.savedById ? { id: row.savedById, name: `${row.savedByFirstName ?? ''} ${row.savedByLastName ?? ''}`.trim(), email: row.savedByEmail ?? '' } : null;

export class RulesetsService {
  constructor(private readonly db: Database) {}

  /**
   * What an order can be judged by: the company's rulesets, "default" first (the seeded one while
   * the company has not saved its own), then by namespace.
   */
  async list(principal: Principal): Promise<RulesetSummary[]> {
    assertCan(principal, 'view', 'Order');
    const rows = await repo.listRulesets(this.db, principal.companyId, MAX_LISTED_RULESETS);
    const saved = rows.map((row) => ({ ...row, isDefault: false, updatedAt: row.updatedAt.toISOString() }));
    const ownDefault = saved.find((row) => row.namespace === DEFAULT_NAMESPACE);
    const seededDefault = { namespace: DEFAULT_NAMESPACE, name: DEFAULT_RULESET.name, ruleCount: DEFAULT_RULESET.rules.length, isDefault: true, updatedAt: null, version: SEEDED_VERSION };
    return [ownDefault ?? seededDefault, ...saved.filter((row) => row !== ownDefault)].slice(0, MAX_LISTED_RULESETS);
  }

  async get(principal: Principal, namespace: string): Promise<RulesetView> {
    assertCan(principal, 'view', 'Order');
    const ruleset = await resolveRuleset(this.db, principal.companyId, namespace);
    if (!ruleset) throw notFound('ruleset');
    return ruleset;
  }

  async put(principal: Principal, namespace: string, body: RulesetBody): Promise<RulesetView> {
    assertCan(principal, 'manage', 'Order');
    assertDistinctRuleIds(body);
    const row = await this.db.transaction((tx) =>
      repo.saveRuleset(tx, principal.companyId, { namespace, name: body.name, rules: body.rules, updatedBy: principal.userId }));
    return { namespace: row.namespace, name: row.name, rules: body.rules, isDefault: false, updatedAt: row.updatedAt.toISOString(), version: row.version };
  }

  /** The saved versions, newest first; the seeded default (never saved) has none. A namespace the company never saved: 404. */
  async versions(principal: Principal, namespace: string): Promise<RulesetVersionSummary[]> {
    assertCan(principal, 'view', 'Order');
    const rows = await repo.listVersions(this.db, principal.companyId, namespace, MAX_LISTED_RULESET_VERSIONS);
    if (rows.length === 0 && namespace !== DEFAULT_NAMESPACE) throw notFound('ruleset');
    return rows.map((row) => ({ version: row.version, name: row.name, ruleCount: row.ruleCount, savedAt: row.savedAt.toISOString(), savedBy: savedByOf(row) }));
  }

  async version(principal: Principal, namespace: string, version: number): Promise<RulesetVersion> {
    assertCan(principal, 'view', 'Order');
    const row = await repo.findVersion(this.db, principal.companyId, namespace, version);
    if (!row) throw notFound('ruleset version');
    const parsed = StoredRulesetSchema.safeParse({ name: row.name, rules: row.rules });
    if (!parsed.success) throw new InvalidRulesetError(namespace, parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'rules', message: issue.message })));
    return {
      namespace, version: row.version, name: parsed.data.name, rules: parsed.data.rules, ruleCount: parsed.data.rules.length,
      savedAt: row.savedAt.toISOString(), savedBy: savedByOf(row),
    };
  }

  /**
   * What saving `body` would do: the company's completed MVRs of the last 90 days judged by this
   * ruleset, re-judged with the draft in one pass (a batch at a time, newest first), and how many
   * would change from their outcome to which. Needs the right to save it; saves nothing.
   */
  async preview(principal: Principal, namespace: string, body: RulesetBody, now = new Date()): Promise<RulesetPreview> {
    assertCan(principal, 'manage', 'Order');
    assertDistinctRuleIds(body);
    const draft: Ruleset = { namespace, name: body.name, rules: body.rules };
    const since = new Date(now.getTime() - RULESET_PREVIEW_DAYS * 86_400_000);
    const transitions = new Map<string, { from: Outcome | null; to: Outcome; count: number }>();
    const listed: RulesetPreviewOrder[] = [];
    let judged = 0;
    let changed = 0;
    let after: { completedAt: Date; id: string } | null = null;
    for (;;) {
      const batch = await repo.judgedOrdersBatch(this.db, principal.companyId, namespace, since, after, PREVIEW_BATCH);
      for (const order of batch) {
        if (!order.result) continue;
        judged += 1;
        const from = order.outcome as Outcome | null;
        const to = adjudicate(order.result as unknown as MvrRecord, draft).outcome;
        if (from === to) continue;
        changed += 1;
        const key = `${from}>${to}`;
        const transition = transitions.get(key) ?? { from, to, count: 0 };
        transition.count += 1;
        transitions.set(key, transition);
        if (listed.length < RULESET_PREVIEW_LISTED) listed.push({ id: order.id, subjectLabel: order.subjectLabel, completedAt: order.completedAt.toISOString(), from, to });
      }
      if (batch.length < PREVIEW_BATCH) break;
      const last = batch.at(-1)!;
      after = { completedAt: last.completedAt, id: last.id };
    }
    return {
      namespace, since: since.toISOString(), judged, changed,
      transitions: [...transitions.values()].sort((a, b) => b.count - a.count || String(a.from).localeCompare(String(b.from)) || a.to.localeCompare(b.to)),
      orders: listed, truncated: changed > listed.length,
    };
  }
}

function assertDistinctRuleIds(body: RulesetBody) {
  const duplicates = duplicateRuleIds(body.rules, 'body.');
  if (duplicates.length > 0) throw invalidInput(duplicates);
}
