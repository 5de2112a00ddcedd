// Rulesets a company adjudicates MVRs with. A namespace the company never saved falls back to the
// seeded default only when it is "default": an order naming an unknown namespace is refused rather
// than silently judged by other rules.
import { DEFAULT_RULESET, RulesetSchema, type Ruleset } from '@clearlane/contract';
import type { Database, Executor } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { invalidInput, notFound } from '../../http/errors.ts';
import * as repo from './rulesets.repository.ts';

export const DEFAULT_NAMESPACE = DEFAULT_RULESET.namespace;

export interface RulesetView extends Ruleset {
  isDefault: boolean;
  updatedAt: string | null;
}

/** The ruleset an order's adjudication uses; undefined when the company has no such namespace. */
export async function resolveRuleset(db: Executor, companyId: string, namespace: string | null | undefined): Promise<RulesetView | undefined> {
  const name = namespace ?? DEFAULT_NAMESPACE;
  const row = await repo.findRuleset(db, companyId, name);
  if (row) {
    // Stored rules were validated when saved; parsing again keeps a hand-edited row from misjudging.
    const parsed = RulesetSchema.parse({ namespace: row.namespace, name: row.name, rules: row.rules });
    return { ...parsed, isDefault: false, updatedAt: row.updatedAt.toISOString() };
  }
  return name === DEFAULT_NAMESPACE ? { ...DEFAULT_RULESET, isDefault: true, updatedAt: null } : undefined;
}

export class RulesetsService {
  constructor(private readonly db: Database) {}

  async get(principal: Principal, namespace: string): Promise<RulesetView> {
    assertCan(principal, 'view', 'Order');
    const ruleset = await resolveRuleset(this.db, principal.companyId, namespace);
    if (!ruleset) throw notFound('ruleset');
    return ruleset;
  }

  async put(principal: Principal, namespace: string, body: Omit<Ruleset, 'namespace'>): Promise<RulesetView> {
    assertCan(principal, 'manage', 'Order');
    // An outcome names the rules that decided it by id: two rules with one id could not be told apart.
    const seen = new Set<string>();
    const duplicates = body.rules.flatMap((rule, index) => (seen.has(rule.id) ? [index] : (seen.add(rule.id), [])));
    if (duplicates.length > 0) {
      throw invalidInput(duplicates.map((index) => ({ path: `body.rules.${index}.id`, message: `"${body.rules[index]!.id}" is the id of an earlier rule; each rule needs its own` })));
    }
    const row = await repo.saveRuleset(this.db, principal.companyId, { namespace, name: body.name, rules: body.rules, updatedBy: principal.userId });
    return { namespace: row.namespace, name: row.name, rules: body.rules, isDefault: false, updatedAt: row.updatedAt.toISOString() };
  }
}
