import { describe, expect, it } from 'vitest';
import { PageQuerySchema, parseSort } from '../src/pagination.ts';
import { describePasswordViolations, passwordPolicyViolations, SignInBodySchema } from '../src/auth.ts';
import { CreateUserBodySchema } from '../src/users.ts';
import { TenantIdentifierSchema } from '../src/company.ts';

const FIELDS = ['email', 'firstName', 'createdAt'] as const;

describe('parseSort', () => {
  it('parses field and direction, ascending by default', () => {
    expect(parseSort('email', FIELDS)).toEqual({ terms: [{ field: 'email', direction: 'asc' }], unknown: [] });
    expect(parseSort('email,desc', FIELDS)).toEqual({ terms: [{ field: 'email', direction: 'desc' }], unknown: [] });
    expect(parseSort(['createdAt,desc', 'firstName,asc'], FIELDS).terms).toEqual([
      { field: 'createdAt', direction: 'desc' },
      { field: 'firstName', direction: 'asc' },
    ]);
    expect(parseSort(undefined, FIELDS)).toEqual({ terms: [], unknown: [] });
  });

  it('reports fields the list does not allow', () => {
    expect(parseSort(['passwordHash,asc', 'email'], FIELDS)).toEqual({ terms: [{ field: 'email', direction: 'asc' }], unknown: ['passwordHash'] });
  });
});

describe('PageQuerySchema', () => {
  it('defaults to page 0 of 20 and bounds the size', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 0, size: 20 });
    expect(PageQuerySchema.parse({ page: '2', size: '100' })).toEqual({ page: 2, size: 100 });
    expect(PageQuerySchema.safeParse({ size: '101' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ page: '-1' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ sort: 'email;drop table' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ sort: ['a', 'b', 'c', 'd', 'e'] }).success).toBe(false);
  });
});

describe('passwordPolicyViolations', () => {
  const strict = { minLength: 10, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: true };

  it('accepts any password of the minimum length under the default policy', () => {
    const policy = { minLength: 6, requireLowercase: false, requireUppercase: false, requireNumbers: false, requireSymbols: false };
    expect(passwordPolicyViolations('abcdef', policy)).toEqual([]);
    expect(passwordPolicyViolations('abcde', policy)).toEqual(['at least 6 characters']);
  });

  it('names every rule a password breaks', () => {
    expect(passwordPolicyViolations('abc', strict)).toEqual(['at least 10 characters', 'an uppercase letter', 'a number', 'a symbol']);
    expect(passwordPolicyViolations('ABCDEFGHIJ1!', strict)).toEqual(['a lowercase letter']);
    expect(passwordPolicyViolations('Abcdefghij1!', strict)).toEqual([]);
    expect(passwordPolicyViolations('Abcdefghij1 ', strict)).toEqual([]); // a space is a symbol
  });

  it('describes the violations for the person typing', () => {
    expect(describePasswordViolations(['a number', 'a symbol'])).toBe('Password must contain a number, a symbol.');
    expect(describePasswordViolations([])).toBe('');
  });
});

describe('input schemas', () => {
  it('normalises emails and requires a password', () => {
    expect(SignInBodySchema.parse({ email: ' Ada@Acme.TEST ', password: 'x' }).email).toBe('ada@acme.test');
    expect(SignInBodySchema.safeParse({ email: 'ada', password: 'x' }).success).toBe(false);
    expect(SignInBodySchema.safeParse({ email: 'ada@acme.test', password: '' }).success).toBe(false);
  });

  it('invites with MFA required unless told otherwise, and checks the phone format', () => {
    const body = CreateUserBodySchema.parse({ email: 'a@b.test', firstName: 'A', lastName: 'B', role: 'Agent' });
    expect(body.requireMfa).toBe(true);
    expect(CreateUserBodySchema.safeParse({ email: 'a@b.test', firstName: 'A', lastName: 'B', role: 'Agent', phoneNumber: '5125550123' }).success).toBe(false);
    expect(CreateUserBodySchema.safeParse({ email: 'a@b.test', firstName: 'A', lastName: 'B', role: 'Agent', phoneNumber: '+15125550123' }).success).toBe(true);
  });

  it('accepts DNS labels as tenant identifiers', () => {
    expect(TenantIdentifierSchema.parse(' Acme ')).toBe('acme');
    expect(TenantIdentifierSchema.safeParse('acme-logistics').success).toBe(true);
    expect(TenantIdentifierSchema.safeParse('-acme').success).toBe(false);
    expect(TenantIdentifierSchema.safeParse('acme.co').success).toBe(false);
    expect(TenantIdentifierSchema.safeParse('').success).toBe(false);
    // Route names and service hosts are reserved: /users on a tenant "users" would be stripped as a prefix.
    expect(TenantIdentifierSchema.safeParse('users').success).toBe(false);
    expect(TenantIdentifierSchema.safeParse('www').success).toBe(false);
  });
});
