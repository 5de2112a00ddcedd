// The rules form's model: a ruleset as fields and back, checked by the contract with each problem
// on its field, and the sentences the read-only page shows.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET } from '@clearlane/contract/domain/adjudication';
import { fieldOf, newRule, ruleSentence, toRulesetBody, toRulesetValues, validateRuleset, withFact } from '../../../src/features/rules/rule-form.ts';

describe('the rules form model', () => {
  it('turns a ruleset into fields and back unchanged', () => {
    const values = toRulesetValues(DEFAULT_RULESET);
    expect(values.rules.map((rule) => rule.key)).toHaveLength(3);
    expect(new Set(values.rules.map((rule) => rule.key)).size).toBe(3);
    expect(toRulesetBody(values)).toEqual({ name: DEFAULT_RULESET.name, rules: DEFAULT_RULESET.rules });
    const list = { name: 'x', rules: [{ id: 'ok', description: 'Status ok', fact: 'licenceStatus' as const, operator: 'in' as const, value: ['VALID', 'EXPIRED'] }] };
    expect(toRulesetBody(toRulesetValues(list))).toEqual(list);
    expect(validateRuleset(toRulesetValues(DEFAULT_RULESET))).toEqual({});
  });

  it('puts each problem on its field, in words naming it', () => {
    const values = toRulesetValues(DEFAULT_RULESET);
    values.name = ' ';
    values.rules[0]!.years = '';
    values.rules[1]!.count = '';
    values.rules[2]!.id = 'Bad Id';
    values.rules[2]!.description = '';
    const errors = validateRuleset(values);
    expect(errors).toMatchObject({
      name: 'Name is required',
      'rules.0.years': 'Years is required for majorViolations',
      'rules.1.count': expect.stringMatching(/^Value /),
      'rules.2.id': 'Rule id must be lowercase letters, digits and hyphens',
      'rules.2.description': 'Description is required',
    });
  });

  it('refuses two rules with one id on the later one, and no rules at all', () => {
    const values = toRulesetValues(DEFAULT_RULESET);
    values.rules[2]!.id = values.rules[0]!.id;
    expect(validateRuleset(values)['rules.2.id']).toMatch(/already the id of an earlier rule/);
    expect(validateRuleset({ name: 'x', rules: [] }).rules).toBe('Rules needs at least one rule');
  });

  it('a list comparison takes statuses; the server\'s paths land on the field that holds the value', () => {
    const values = toRulesetValues(DEFAULT_RULESET);
    values.rules[2]!.operator = 'in';
    expect(validateRuleset(values)['rules.2.statuses']).toBeUndefined(); // an empty list is a list
    expect(fieldOf('body.rules.2.value.1', values)).toBe('rules.2.statuses');
    expect(fieldOf('body.rules.1.value', values)).toBe('rules.1.count');
    expect(fieldOf('body.name', values)).toBe('name');
    expect(fieldOf('body.rules', values)).toBe('rules');
    values.rules[2]!.operator = 'equal';
    expect(fieldOf('body.rules.2.value', values)).toBe('rules.2.status');
  });

  it('a new rule has an id no other has; changing the fact keeps only an operator it takes', () => {
    const values = toRulesetValues(DEFAULT_RULESET);
    const added = newRule([...values.rules, { id: 'rule-4' }]);
    expect(added.id).toBe('rule-5');
    const status = withFact(added, 'licenceStatus');
    expect(status.operator).toBe('equal');
    expect(withFact({ ...status, operator: 'in', years: '' }, 'accidents')).toMatchObject({ operator: 'equal', years: 3 });
  });

  it('reads a rule as a sentence', () => {
    expect(ruleSentence(DEFAULT_RULESET.rules[1]!)).toBe('Moving violations (major included) in the last 3 years is at most 2');
    expect(ruleSentence({ id: 'x', description: 'd', fact: 'licenceStatus', operator: 'in', value: ['VALID', 'EXPIRED'] })).toBe('Licence status is one of VALID, EXPIRED');
  });
});
