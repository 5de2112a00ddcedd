// The claim contract: form data bounds whatever the schema, request bodies, and the pure helpers
// the portal shares with the server (draft schema, the checks JSON Schema cannot make, the diff).
import { describe, expect, it } from 'vitest';
import {
  AttachClaimOrderBodySchema, ClaimFormDataSchema, CreateClaimBodySchema, DetachClaimOrderBodySchema, claimFormProblems, vinCheckDigit,
} from '../src/index.ts';

const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('claim form data', () => {
  it('is any JSON object within the bounds, each bound naming where it was crossed', () => {
    expect(ClaimFormDataSchema.safeParse({ policy: { policyNumber: 'A-1' }, vehicles: [{ vin: 'x' }] }).success).toBe(true);
    expect(pathsOf(ClaimFormDataSchema.safeParse({ loss: { description: 'x'.repeat(4001) } }))).toEqual(['loss.description']);
    let deep: unknown = 'leaf';
    for (let level = 0; level < 14; level++) deep = { a: deep };
    expect(ClaimFormDataSchema.safeParse(deep).error?.issues[0]?.message).toMatch(/nested too deep/);
    const large = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`field${index}`, 'x'.repeat(3000)]));
    expect(ClaimFormDataSchema.safeParse(large).error?.issues[0]?.message).toMatch(/too large/);
    expect(ClaimFormDataSchema.safeParse([]).success).toBe(false);
  });

  it('bodies take a ruleset namespace or null, and publishIfPossible as a boolean left out by default', () => {
    expect(CreateClaimBodySchema.parse({ formData: {} })).toEqual({ formData: {} });
    expect(pathsOf(CreateClaimBodySchema.safeParse({ formData: {}, adjudicationRuleset: 'Not Valid', schemaVersion: 0 }))).toEqual(['schemaVersion', 'adjudicationRuleset']);
    expect(AttachClaimOrderBodySchema.parse({ adjudicationRuleset: null, publishIfPossible: true })).toEqual({ adjudicationRuleset: null, publishIfPossible: true });
    expect(DetachClaimOrderBodySchema.safeParse({ publishIfPossible: 'yes' }).success).toBe(false);
  });
});

describe('checks beyond JSON Schema', () => {
  const vin = (() => {
    const draft = '1FUJGLDR0CL100001';
    return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
  })();

  it('a VIN check digit, the policy period and a loss in the future', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(claimFormProblems({ vehicles: [{ vin }], policy: { effectiveDate: '2026-01-01', expirationDate: '2027-01-01' }, loss: { occurredAt: '2026-11-20T10:00:00Z' } }, now)).toEqual([]);
    const wrong = `${vin.slice(0, 8)}${vin[8] === '0' ? '1' : '0'}${vin.slice(9)}`;
    expect(claimFormProblems({ vehicles: [{ vin }, { vin: wrong }], policy: { effectiveDate: '2026-01-01', expirationDate: '2026-01-01' }, loss: { occurredAt: '2026-12-01T00:00:00Z' } }, now).map((problem) => problem.path))
      .toEqual(['vehicles.1.vin', 'policy.expirationDate', 'loss.occurredAt']);
    // Whatever is not there (a draft, another company's form) is not checked.
    expect(claimFormProblems({ vehicles: 'none', policy: null }, now)).toEqual([]);
  });
});
