// Companies' OIDC client secrets at rest: sealed with SSO_SECRET_KEY (AES-256-GCM) when it is set.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, SecretKeyMissingError } from '../src/identity/sso/client-secret.ts';
import { loadConfig } from '../src/config/config.ts';

describe('SSO client secrets at rest', () => {
  const key = randomBytes(32).toString('base64');

  it('are encrypted with the key, differently each time, and open only with it', () => {
    const sealed = sealSecret('s3cret-value', key);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('s3cret-value');
    expect(sealSecret('s3cret-value', key)).not.toBe(sealed);
    expect(openSecret(sealed, key)).toBe('s3cret-value');
    expect(() => openSecret(sealed, randomBytes(32).toString('base64'))).toThrow(SecretKeyMissingError);
    expect(() => openSecret(sealed, undefined)).toThrow(SecretKeyMissingError);
    const tampered = `${sealed.slice(0, -2)}AA`;
    expect(() => openSecret(tampered, key)).toThrow(SecretKeyMissingError);
  });

  it('are kept as given without a key', () => {
    expect(sealSecret('plain', undefined)).toBe('plain');
    expect(openSecret('plain', undefined)).toBe('plain');
  });

  it('SSO_SECRET_KEY must be 32 bytes in base64', () => {
    expect(loadConfig({ SSO_SECRET_KEY: key }).SSO_SECRET_KEY).toBe(key);
    expect(() => loadConfig({ SSO_SECRET_KEY: 'too-short' })).toThrow(/SSO_SECRET_KEY: must be 32 random bytes in base64/);
  });
});
