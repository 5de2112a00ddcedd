// The single sign-on form's rules (the contract's, as the server checks them) and its request body.
import { describe, expect, it } from 'vitest';
import { bodyOf, validateSso, valuesOf, type SsoValues } from '../../../src/features/company-sso/components/sso-form.ts';

const filled = (changes: Partial<SsoValues> = {}): SsoValues => ({
  ...valuesOf(null),
  issuer: 'https://login.acme.example',
  clientId: 'clearlane',
  emailDomains: ['acme.example'],
  ...changes,
});

describe('the single sign-on form', () => {
  it('starts on, without just-in-time accounts, new accounts as Viewers, passwords allowed', () => {
    expect(valuesOf(null)).toMatchObject({ enabled: true, jitEnabled: false, defaultRole: 'Viewer', requireSso: false, clientSecret: '' });
  });

  it('sends an empty secret as no secret (the stored one is kept) and empty optional fields as null', () => {
    expect(bodyOf(filled())).toEqual({
      enabled: true, issuer: 'https://login.acme.example', clientId: 'clearlane', emailDomains: ['acme.example'], roleClaim: null, roleMapping: [],
      jitEnabled: false, defaultRole: 'Viewer', requireSso: false, breakGlassEmail: null,
    });
    expect(bodyOf(filled({ clientSecret: 's3cret' })).clientSecret).toBe('s3cret');
    expect(validateSso(filled())).toEqual({});
  });

  it('names each field in error, as the server would', () => {
    const errors = validateSso(filled({
      issuer: 'http://login.acme.example', clientId: '', emailDomains: ['@acme'], roleMapping: [{ value: '', role: 'Manager' }], requireSso: true,
    }));
    expect(errors).toMatchObject({
      issuer: 'Must use https (plain http is allowed only on this machine: localhost, 127.0.0.1).',
      clientId: 'Is required.',
      emailDomains: expect.stringMatching(/^Must be a domain name/),
      'roleMapping.0.value': 'Is required.',
      roleClaim: 'Is required when role values are mapped.',
      breakGlassEmail: expect.stringMatching(/^Is required when single sign-on is required/),
    });
    expect(validateSso(filled({ issuer: 'http://127.0.0.1:8080' }))).toEqual({});
    expect(validateSso(filled({ emailDomains: [] }))).toEqual({ emailDomains: 'Needs at least one domain.' });
  });
});
