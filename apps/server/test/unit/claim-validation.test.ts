// The built-in claim form and its validation (no database): what a draft may leave out, what
// publishing needs, the FMCSA 382.303 / 390.5 conditions, readable field paths, and the checks a
// company's own schema must pass before it is published.
import { describe, expect, it } from 'vitest';
import { Ajv, _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import {
  AUTO_LOSS_NOTICE_SCHEMA, AUTO_LOSS_NOTICE_UI_SCHEMA, INSURANCE_COVERAGE_TYPES, diffFormData, draftClaimSchemaOf, type JsonSchemaObject,
} from '@clearlane/contract';
import { claimSchemaProblems, compileClaimSchema, formProblems } from '../../src/modules/claims/claim-validation.ts';
import { derivedStatus, reportSha256 } from '../../src/modules/claims/claim-settle.ts';
import { lossNotice, validVin, withWrongCheckDigit } from '../claim-fixtures.ts';

const schema = AUTO_LOSS_NOTICE_SCHEMA as unknown as JsonSchemaObject;
const validators = compileClaimSchema(schema);
const paths = (problems: { path: string }[]) => problems.map((problem) => problem.path);

describe('the built-in loss notice', () => {
  it('is a valid draft-07 claim form, every string and list bounded, sections ordered by its uiSchema', () => {
    expect(claimSchemaProblems(schema, AUTO_LOSS_NOTICE_UI_SCHEMA as unknown as JsonSchemaObject)).toEqual([]);
    const unbounded: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (node === null || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (record.type === 'string' && record.maxLength === undefined && record.enum === undefined) unbounded.push(path);
      if (record.type === 'array' && record.maxItems === undefined) unbounded.push(path);
      for (const [key, value] of Object.entries(record)) walk(value, `${path}/${key}`);
    };
    walk(schema, '');
    expect(unbounded).toEqual([]);
    expect(AUTO_LOSS_NOTICE_UI_SCHEMA['ui:order']).toEqual(Object.keys(AUTO_LOSS_NOTICE_SCHEMA.properties));
    expect(AUTO_LOSS_NOTICE_SCHEMA.properties.coverages.items.enum).toEqual([...INSURANCE_COVERAGE_TYPES]);
  });

  it('compiles ahead of time (ajv standalone code, as the portal precompiles it: no eval at run time), the draft too', () => {
    for (const compiled of [schema, draftClaimSchemaOf(schema)]) {
      const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
      (addFormats as unknown as (ajv: Ajv) => void)(ajv);
      const code = (standaloneCode as unknown as (ajv: Ajv, validate: unknown) => string)(ajv, ajv.compile(compiled));
      expect(code).toMatch(/^"use strict";export const validate = /);
      expect(code).not.toMatch(/new Function|eval\(/);
    }
  });

  it('accepts a complete notice for publishing, and an empty one only as a draft', () => {
    expect(formProblems(validators, 'full', lossNotice())).toEqual([]);
    expect(formProblems(validators, 'draft', {})).toEqual([]);
    expect(paths(formProblems(validators, 'full', {}))).toEqual(['policy', 'loss', 'coverages', 'vehicles', 'drivers']);
  });

  it('names each bad field by its path, in drafts too; a wrong VIN check digit is found beside the pattern', () => {
    const wrongDigit = withWrongCheckDigit(validVin('100001'));
    const problems = formProblems(validators, 'draft', {
      policy: { policyNumber: '', effectiveDate: '2026-13-01', expirationDate: '2025-01-01' },
      vehicles: [{ type: 'Boat', vin: wrongDigit }, { vin: 'SHORT' }],
      coverages: ['Liability', 'Liability'],
      unknownSection: true,
    });
    expect(paths(problems)).toEqual(expect.arrayContaining([
      'policy.policyNumber', 'policy.effectiveDate', 'vehicles.0.type', 'vehicles.0.vin', 'vehicles.1.vin', 'coverages', '',
    ]));
    expect(problems.find((problem) => problem.path === 'vehicles.0.vin')!.message).toMatch(/check digit/);
    expect(problems.find((problem) => problem.path === 'vehicles.0.type')!.message).toBe('must be one of: Truck, Trailer');
  });

  it('shows only the branch that applies: a company driver needs its id, a typed-in driver a name and licence', () => {
    const company = formProblems(validators, 'full', lossNotice({ drivers: [{ source: 'COMPANY_DRIVER' }] }));
    expect(paths(company)).toEqual(['drivers.0.personId']);
    const typed = formProblems(validators, 'full', lossNotice({ drivers: [{ source: 'TYPED_IN', firstName: 'Dana' }] }));
    expect(paths(typed)).toEqual(['drivers.0.lastName', 'drivers.0.licence']);
  });

  it('requires the hours-of-service log for a DOT-recordable crash and the drug and alcohol tests per 49 CFR 382.303', () => {
    const loss = lossNotice().loss;
    const withLoss = (facts: Record<string, unknown>) => lossNotice({ loss: { ...loss, ...facts } });
    // A fatality: both.
    expect(paths(formProblems(validators, 'full', withLoss({ fatalities: 1 })))).toEqual(['hoursOfService', 'postAccidentTesting']);
    // Towed, but our driver not cited: recordable (the log), no testing.
    expect(paths(formProblems(validators, 'full', withLoss({ vehicleTowedWithDisablingDamage: true })))).toEqual(['hoursOfService']);
    // Cited with an injury treated away from the scene: both.
    expect(paths(formProblems(validators, 'full', withLoss({ injuryTreatedAwayFromScene: true, driverCitedForMovingViolation: true })))).toEqual(['hoursOfService', 'postAccidentTesting']);
    // Cited, but nobody hurt and nothing towed: neither.
    expect(formProblems(validators, 'full', withLoss({ driverCitedForMovingViolation: true }))).toEqual([]);
    // A test not performed must say why (382.303(d)); a performed one its time and result.
    const tested = formProblems(validators, 'full', {
      ...withLoss({ fatalities: 1 }),
      hoursOfService: { logSource: 'ELD', drivingHoursBefore: 6.5, onDutyHoursBefore: 9 },
      postAccidentTesting: { alcohol: { performed: false }, drugs: { performed: true, result: 'Negative' } },
    });
    expect(paths(tested)).toEqual(['postAccidentTesting.alcohol.reasonNotPerformed', 'postAccidentTesting.drugs.testedAt']);
    // A draft keeps the conditions' branches but requires nothing yet.
    expect(formProblems(validators, 'draft', withLoss({ fatalities: 1 }))).toEqual([]);
  });

  it('draft schemas drop requirements, but not inside conditions', () => {
    const draft = draftClaimSchemaOf({
      type: 'object', required: ['a'], properties: { required: { type: 'string' }, list: { type: 'array', minItems: 1 } },
      dependencies: { a: ['b'], c: { required: ['d'] } }, if: { required: ['x'] }, then: { required: ['y'] }, not: { required: ['z'] },
    });
    expect(draft).toEqual({
      type: 'object', properties: { required: { type: 'string' }, list: { type: 'array' } },
      dependencies: { c: {} }, if: { required: ['x'] }, then: {}, not: { required: ['z'] },
    });
  });

  it('diffs form data by dotted path', () => {
    expect(diffFormData({ a: { b: 1, c: [1, 2] }, d: 'x' }, { a: { b: 2, c: [1] }, e: true })).toEqual([
      { path: 'a.b', before: 1, after: 2 }, { path: 'a.c.1', before: 2, after: null }, { path: 'd', before: 'x', after: null }, { path: 'e', before: null, after: true },
    ]);
  });
});

describe('a schema a company admin publishes', () => {
  const form = (extra: Record<string, unknown> = {}) => ({ type: 'object', properties: { policy: { type: 'object', properties: { number: { type: 'string', maxLength: 20 } } } }, ...extra });

  it('passes when it is a draft-07 object form', () => {
    expect(claimSchemaProblems(form({ $schema: 'http://json-schema.org/draft-07/schema#' }), undefined)).toEqual([]);
  });

  it('is refused, naming the part, when it is another draft, not an object form, refers outside itself, breaks the meta-schema or is too large', () => {
    expect(paths(claimSchemaProblems(form({ $schema: 'https://json-schema.org/draft/2020-12/schema' }), undefined))).toEqual(['schema.$schema']);
    expect(paths(claimSchemaProblems({ type: 'array', items: {} }, undefined))).toEqual(['schema.type', 'schema.properties']);
    expect(paths(claimSchemaProblems(form({ definitions: { x: { $ref: 'https://evil.example/schema.json' } } }), undefined))).toEqual(['schema.definitions.x.$ref']);
    expect(paths(claimSchemaProblems(form({ required: 'policy' }), undefined))).toEqual(['schema.required']);
    expect(paths(claimSchemaProblems(form({ pattern: '(' }), undefined))).toEqual(['schema']);
    expect(paths(claimSchemaProblems(form({ description: 'x'.repeat(200_000) }), undefined))).toEqual(['schema']);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 30; level++) deep = { type: 'object', properties: { a: deep } };
    expect(claimSchemaProblems(deep, undefined)[0]!.message).toMatch(/nested too deep/);
  });
});

describe("a claim's status", () => {
  const order = (orderStatus: string, orderId = `id-${orderStatus}`) => ({ orderId, orderStatus, subjectLabel: `Driver ${orderStatus}`, failureReason: orderStatus === 'Complete' ? null : 'the state did not answer' });

  it('is New or Received without orders, Processing while any is in flight, then Error over Failed over Complete, naming the orders', () => {
    expect(derivedStatus([], false)).toEqual({ status: 'New', reason: null });
    expect(derivedStatus([], true).status).toBe('Received');
    expect(derivedStatus([order('Complete'), order('Ordered'), order('Error')], true)).toEqual({ status: 'Processing', reason: 'Waiting for Driver Ordered (order id-Ordered).' });
    expect(derivedStatus([order('Failed'), order('Error')], true)).toEqual({ status: 'Error', reason: 'Driver Error (order id-Error) ended in Error: the state did not answer' });
    expect(derivedStatus([order('Complete'), order('Failed')], false).status).toBe('Failed');
    // Complete is about the orders; publishing checks the form on its own.
    expect(derivedStatus([order('Complete')], false)).toEqual({ status: 'Complete', reason: null });
  });

  it('fingerprints a report by its content, whatever the order of its keys', () => {
    expect(reportSha256({ a: 1, b: [{ c: 2, d: 3 }] })).toBe(reportSha256({ b: [{ d: 3, c: 2 }], a: 1 }));
    expect(reportSha256({ a: 1 })).not.toBe(reportSha256({ a: 2 }));
    expect(reportSha256(null)).toBeNull();
  });
});
