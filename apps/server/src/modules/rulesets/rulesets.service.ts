// Rulesets a company adjudicates MVRs with. A namespace the company never saved falls back to the
// seeded default only when it is "default": an order naming an unknown namespace is refused rather
// than silently judged by other rules.
import { DEFAULT_RULESET, MAX_LISTED_RULESETS, RulesetSchema, type AdjudicationRule, type Ruleset, type RulesetSummary } from '@clearlane/contract';
import type { Database, Executor } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { AppError, invalidInput, notFound, type FieldError } from '../../http/errors.ts';
import * as repo from './rulesets.repository.ts';

export const DEFAULT_NAMESPACE = DEFAULT_RULESET.namespace;

export interface RulesetView extends Ruleset {
  isDefault: boolean;
  updatedAt: string | null;
}

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
  if (!row) return name === DEFAULT_NAMESPACE ? { ...DEFAULT_RULESET, isDefault: true, updatedAt: null } : undefined;
  // Stored rules were validated when saved, but a hand-edited row must not misjudge (or crash) anything.
  const parsed = StoredRulesetSchema.safeParse({ name: row.name, rules: row.rules });
  const problems: FieldError[] = parsed.success
    ? duplicateRuleIds(parsed.data.rules, '')
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'rules', message: issue.message }));
  if (!parsed.success || problems.length > 0) throw new InvalidRulesetError(row.namespace, problems);
  return { namespace: row.namespace, ...parsed.data, isDefault: false, updatedAt: row.updatedAt.toISOString() };
}

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
    const seededDefault = { namespace: DEFAULT_NAMESPACE, name: DEFAULT_RULESET.name, ruleCount: DEFAULT_RULESET.rules.length, isDefault: true, updatedAt: null };
    return [ownDefault ?? seededDefault, ...saved.filter((row) => row !== ownDefault)].slice(0, MAX_LISTED_RULESETS);
  }

  async get(principal: Principal, namespace: string): Promise<RulesetView> {
    assertCan(principal, 'view', 'Order');
    const ruleset = await resolveRuleset(this.db, principal.companyId, namespace);
    if (!ruleset) throw notFound('ruleset');
    return ruleset;
  }

  async put(principal: Principal, namespace: string, body: Omit<Ruleset, 'namespace'>): Promise<RulesetView> {
    assertCan(principal, 'manage', 'Order');
    const duplicates = duplicateRuleIds(body.rules, 'body.');
    if (duplicates.length > 0) throw invalidInput(duplicates);
    const row = await repo.saveRuleset(this.db, principal.companyId, { namespace, name: body.name, rules: body.rules, updatedBy: principal.userId });
    return { namespace: row.namespace, name: row.name, rules: body.rules, isDefault: false, updatedAt: row.updatedAt.toISOString() };
  }
}
