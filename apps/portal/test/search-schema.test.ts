// Search params without a schema library (src/lib/search-schema.ts): each field keeps a valid value
// and drops anything a hand-edited URL got wrong, so the page falls back to its default.
import { describe, expect, it } from 'vitest';
import { booleanField, intField, matchingField, oneOfField, searchSchema, uuidField } from '../src/lib/search-schema.ts';

describe('search fields', () => {
  it('reads integers in range only', () => {
    expect(intField(0, 10)(3)).toBe(3);
    expect(intField(0, 10)(11)).toBeUndefined();
    expect(intField(0, 10)(-1)).toBeUndefined();
    expect(intField(0, 10)(1.5)).toBeUndefined();
    expect(intField(0, 10)('3')).toBeUndefined();
  });

  it('reads one of a list, booleans, patterns and ids', () => {
    expect(oneOfField(['a', 'b'] as const)('b')).toBe('b');
    expect(oneOfField([10, 20] as const)(20)).toBe(20);
    expect(oneOfField([10, 20] as const)('20')).toBeUndefined();
    expect(booleanField(false)).toBe(false);
    expect(booleanField('false')).toBeUndefined();
    expect(matchingField(/^\d{4}$/, (text) => text !== '0000')('2025')).toBe('2025');
    expect(matchingField(/^\d{4}$/, (text) => text !== '0000')('0000')).toBeUndefined();
    expect(uuidField('01a2075e-609a-79d9-a24e-c20369a7415d')).toBe('01a2075e-609a-79d9-a24e-c20369a7415d');
    expect(uuidField('01a2075e')).toBeUndefined();
  });
});

describe('searchSchema', () => {
  const schema = searchSchema({ page: intField(0, 5), kind: oneOfField(['x', 'y'] as const) });

  it('keeps the known, valid params and leaves the rest out', () => {
    expect(schema.parse({ page: 2, kind: 'y', other: 'dropped' })).toEqual({ page: 2, kind: 'y' });
    expect(schema.parse({ page: 9, kind: 'z' })).toEqual({ page: undefined, kind: undefined });
  });

  it('never throws, whatever it is given', () => {
    expect(schema.parse(undefined)).toEqual({});
    expect(schema.parse('page=2')).toEqual({});
    expect(schema.parse(null)).toEqual({});
  });
});
