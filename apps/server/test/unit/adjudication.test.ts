import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET, RulesetSchema } from '@clearlane/contract';
import { adjudicate } from '../../src/adjudication/evaluate.ts';
import { SandboxMvrProvider, scenarioFor } from '../../src/providers/mvr/sandbox-mvr-provider.ts';
import { InMemoryLedger } from '../../src/providers/sandbox-shared.ts';
import type { MvrRequest } from '../../src/providers/mvr/mvr-provider.ts';
import { ProviderError } from '../../src/providers/provider-error.ts';

const requestedAt = new Date('2026-11-22T10:00:00Z');
const request = (licenceNumber: string, overrides: Partial<MvrRequest> = {}): MvrRequest => ({
  idempotencyKey: `order-${licenceNumber}`,
  state: 'CA',
  licenceNumber,
  firstName: 'Dana',
  lastName: 'Driver',
  dateOfBirth: '1988-04-12',
  permissiblePurpose: 'EMPLOYMENT',
  requestedAt,
  ...overrides,
});

async function outcomeOf(licenceNumber: string) {
  const provider = new SandboxMvrProvider({ sleep: async () => {} });
  return adjudicate(await provider.fetchRecord(request(licenceNumber)), DEFAULT_RULESET);
}

describe('sandbox MVR provider + default ruleset', () => {
  it('maps the last digit of the licence number to a scenario', () => {
    expect(scenarioFor('D1234560')).toBe('CLEAN');
    expect(scenarioFor('D1234563')).toBe('MAJOR_VIOLATION');
    expect(scenarioFor('AB123456C')).toBe('NO_RECORD_FOUND');
  });

  it('passes a clean record and a single minor violation', async () => {
    expect((await outcomeOf('D1234560')).outcome).toBe('Pass');
    expect((await outcomeOf('D1234561')).outcome).toBe('Pass');
  });

  it('fails three moving violations in three years, naming the rule', async () => {
    const result = await outcomeOf('D1234562');
    expect(result.outcome).toBe('Fail');
    expect(result.decidingRuleIds).toEqual(['moving-3y']);
    expect(result.results.find((r) => r.ruleId === 'moving-3y')?.actual).toBe(3);
  });

  it('fails a DUI within five years, and a suspended or expired licence', async () => {
    expect((await outcomeOf('D1234563')).decidingRuleIds).toEqual(['no-major-5y']);
    expect((await outcomeOf('D1234564')).decidingRuleIds).toEqual(expect.arrayContaining(['licence-valid', 'no-major-5y']));
    expect((await outcomeOf('D1234565')).decidingRuleIds).toEqual(['licence-valid']);
  });

  it('answers NoResults and NotFulfilled without rules', async () => {
    expect((await outcomeOf('D1234566')).outcome).toBe('NoResults');
    expect((await outcomeOf('D1234567')).outcome).toBe('NotFulfilled');
  });

  it('raises a transient provider error and answers slowly on 9', async () => {
    const provider = new SandboxMvrProvider({ sleep: async () => {} });
    await expect(provider.fetchRecord(request('D1234568'))).rejects.toBeInstanceOf(ProviderError);
    const slept: number[] = [];
    const slow = new SandboxMvrProvider({ slowAnswerMs: 1234, sleep: async (ms) => void slept.push(ms) });
    expect((await slow.fetchRecord(request('D1234569'))).accidents).toHaveLength(1);
    expect(slept).toEqual([1234]);
  });

  it('is deterministic, carries the Texas record type and counts calls per idempotency key', async () => {
    const ledger = new InMemoryLedger();
    const provider = new SandboxMvrProvider({ ledger, sleep: async () => {} });
    const first = await provider.fetchRecord(request('12345672', { state: 'TX', texasRecordType: 'TYPE_3_CERTIFIED_THREE_YEAR' }));
    const second = await provider.fetchRecord(request('12345672', { state: 'TX', texasRecordType: 'TYPE_3_CERTIFIED_THREE_YEAR' }));
    expect(second).toEqual(first);
    expect(first.texasRecordType).toBe('TYPE_3_CERTIFIED_THREE_YEAR');
    expect(ledger.calls.get('order-12345672')).toBe(2);
  });

  it('validates rulesets with field paths', () => {
    const bad = RulesetSchema.safeParse({ namespace: 'Bad Name', name: 'x', rules: [{ id: 'a', description: 'd', fact: 'majorViolations', operator: 'in', value: 1 }] });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['namespace', 'rules.0.years', 'rules.0.value']));
    expect(RulesetSchema.safeParse(DEFAULT_RULESET).success).toBe(true);
  });
});
