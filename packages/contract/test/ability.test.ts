// The ability of SPEC.md §6: the role's (action, subject) lists plus `own` on
// CompanyRestrictedResource restricted to the user's company.
import { describe, expect, it } from 'vitest';
import { abilityRules, buildAbility, resourceOf } from '../src/ability.ts';
import { DEFAULT_ROLE_PERMISSIONS } from '../src/permissions.ts';
import { ROLE_NAMES } from '../src/enums.ts';

const ACME = '01890000-0000-7000-8000-0000000000a1';
const GLOBEX = '01890000-0000-7000-8000-0000000000b2';

describe('buildAbility', () => {
  it('turns ANY into CASL\'s manage/all', () => {
    const admin = buildAbility([{ action: 'ANY', subject: 'ANY' }], ACME);
    expect(admin.can('create', 'User')).toBe(true);
    expect(admin.can('view', 'Scores')).toBe(true);
    const anyOrder = buildAbility([{ action: 'ANY', subject: 'Order' }], ACME);
    expect(anyOrder.can('create', 'Order')).toBe(true);
    expect(anyOrder.can('view', 'User')).toBe(false);
    const viewAnything = buildAbility([{ action: 'view', subject: 'ANY' }], ACME);
    expect(viewAnything.can('view', 'Claim')).toBe(true);
    expect(viewAnything.can('create', 'Claim')).toBe(false);
  });

  it('manage covers every action on its subject', () => {
    const ability = buildAbility([{ action: 'manage', subject: 'Order' }], ACME);
    expect(ability.can('create', 'Order')).toBe(true);
    expect(ability.can('view', 'Order')).toBe(true);
    expect(ability.can('view', 'Driver')).toBe(false);
  });

  it('adds own on CompanyRestrictedResource for the user\'s company only', () => {
    const viewer = buildAbility(DEFAULT_ROLE_PERMISSIONS.Viewer, ACME);
    expect(viewer.can('own', resourceOf('CompanyRestrictedResource', ACME))).toBe(true);
    expect(viewer.can('own', resourceOf('CompanyRestrictedResource', GLOBEX))).toBe(false);
    expect(viewer.can('own', 'CompanyRestrictedResource')).toBe(true);
    expect(abilityRules([], ACME)).toContainEqual({ action: 'own', subject: 'CompanyRestrictedResource', conditions: { companyId: ACME } });
  });

  it('never lets a role own another company\'s resource, not even manage-everything', () => {
    for (const role of ROLE_NAMES) {
      const ability = buildAbility(DEFAULT_ROLE_PERMISSIONS[role], ACME);
      expect(ability.can('own', resourceOf('CompanyRestrictedResource', GLOBEX)), role).toBe(false);
      expect(ability.can('own', resourceOf('CompanyRestrictedResource', ACME)), role).toBe(true);
    }
  });

  it('gives the default roles what the README table says', () => {
    const can = (role: (typeof ROLE_NAMES)[number], action: 'view' | 'create' | 'manage', subject: 'User' | 'Order' | 'Claim') =>
      buildAbility(DEFAULT_ROLE_PERMISSIONS[role], ACME).can(action, subject);
    expect(can('Company Admin', 'create', 'User')).toBe(true);
    expect(can('Manager', 'view', 'User')).toBe(true);
    expect(can('Manager', 'create', 'User')).toBe(false);
    expect(can('Manager', 'manage', 'Order')).toBe(true);
    expect(can('Agent', 'view', 'User')).toBe(false);
    expect(can('Agent', 'create', 'Order')).toBe(true);
    expect(can('Agent', 'manage', 'Order')).toBe(false);
    expect(can('Viewer', 'view', 'Order')).toBe(true);
    expect(can('Viewer', 'create', 'Claim')).toBe(false);
    expect(can('Viewer', 'view', 'User')).toBe(false);
  });
});
