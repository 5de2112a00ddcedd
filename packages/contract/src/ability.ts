// One ability builder for server and portal (SPEC.md §6): the permission lists of the user's roles
// become CASL rules, plus `own` on CompanyRestrictedResource restricted to the user's company.
import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import type { PermissionAction, PermissionSubject } from './enums.ts';
import type { Permission } from './users.ts';

export type AbilityAction = Exclude<PermissionAction, 'ANY'>;
export type AbilitySubject = Exclude<PermissionSubject, 'ANY'> | 'all';
export type AppAbility = MongoAbility<[AbilityAction, AbilitySubject | { __type: AbilitySubject; companyId?: string }]>;

// CASL's own spelling of "any action" and "any subject".
const toAction = (action: PermissionAction): AbilityAction => (action === 'ANY' ? 'manage' : action);
const toSubject = (subject: PermissionSubject): AbilitySubject => (subject === 'ANY' ? 'all' : subject);

export function abilityRules(permissions: Permission[], companyId: string): RawRuleOf<AppAbility>[] {
  const rules: RawRuleOf<AppAbility>[] = permissions.map((permission) => ({
    action: toAction(permission.action),
    subject: toSubject(permission.subject),
  }));
  rules.push({ action: 'own', subject: 'CompanyRestrictedResource', conditions: { companyId } });
  // `manage all` (Company Admin) would otherwise own every company's resources: a later inverted
  // rule wins in CASL, so no role owns a resource of another company.
  rules.push({ action: 'own', subject: 'CompanyRestrictedResource', conditions: { companyId: { $ne: companyId } }, inverted: true });
  return rules;
}

export function buildAbility(permissions: Permission[], companyId: string): AppAbility {
  return createMongoAbility<AppAbility>(abilityRules(permissions, companyId), {
    detectSubjectType: (object) => (typeof object === 'string' ? object : object.__type),
  });
}

/** A subject instance for object-level checks, e.g. `can('own', resourceOf('CompanyRestrictedResource', row.companyId))`. */
export const resourceOf = (type: AbilitySubject, companyId: string) => ({ __type: type, companyId });
