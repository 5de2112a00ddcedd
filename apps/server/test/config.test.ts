// Settings are validated at boot, every invalid one reported at once.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, passwordPolicyOf } from '../src/config/config.ts';
import { lockSecondsFor, MAX_LOCK_SECONDS } from '../src/identity/sign-in.service.ts';
import { temporaryPassword } from '../src/identity/passwords.ts';
import { maskEmail, maskPhone } from '../src/identity/secrets.ts';
import { passwordPolicyViolations } from '@clearlane/contract';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development', PORT: 3000, DATA_DIR: './data', ROLE: 'all', ROOT_DOMAIN: 'localhost',
      PORTAL_URL: 'http://localhost:3000', SEED_DEMO: true, PASSWORD_MIN_LENGTH: 6, ID_TOKEN_TTL_SECONDS: 900,
      MAIN_DOMAIN_SUFFIXES: ['clearlane.build', 'clearlane.com', 'localhost'],
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads values, derives the portal URL from the port, and turns demo data off on PostgreSQL', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://db.example/clearlane', PASSWORD_REQUIRE_SYMBOLS: 'yes', MAIN_DOMAIN_SUFFIXES: 'a.com, b.com,,', UNRELATED: 'x' });
    expect(config.PORT).toBe(8080);
    expect(config.PORTAL_URL).toBe('http://localhost:8080');
    expect(config.SEED_DEMO).toBe(false);
    expect(config.MAIN_DOMAIN_SUFFIXES).toEqual(['a.com', 'b.com']);
    expect(passwordPolicyOf(config)).toEqual({ minLength: 6, requireLowercase: false, requireUppercase: false, requireNumbers: false, requireSymbols: true });
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/x', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('accepts an absolute system message base URL', () => {
    expect(loadConfig({ SYSTEM_MESSAGE_BASE_URL: 'https://status.example.com' }).SYSTEM_MESSAGE_BASE_URL).toBe('https://status.example.com');
    expect(loadConfig({}).SYSTEM_MESSAGE_BASE_URL).toBe('');
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('reports every invalid setting at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud', PASSWORD_MIN_LENGTH: '3', TOAST_POSITION: 'middle', TRUST_PROXY: 'maybe',
        ROLE: 'boss', SYSTEM_MESSAGE_BASE_URL: 'status.example.com',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    const named = problems.map((problem) => problem.split(':')[0]);
    expect(named.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PASSWORD_MIN_LENGTH', 'PORT', 'ROLE', 'SYSTEM_MESSAGE_BASE_URL', 'TOAST_POSITION', 'TRUST_PROXY'].sort());
    expect((error as ConfigError).message).toMatch(/^Invalid settings:\n {2}- /);
    for (const problem of problems) expect((error as ConfigError).message).toContain(problem);
  });
});

describe('account lock schedule', () => {
  it('starts at the 5th failure, doubles, and stops at 15 minutes', () => {
    expect([1, 2, 3, 4].map(lockSecondsFor)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8].map(lockSecondsFor)).toEqual([1, 2, 4, 8]);
    expect(lockSecondsFor(14)).toBe(512);
    expect(lockSecondsFor(15)).toBe(MAX_LOCK_SECONDS);
    expect(lockSecondsFor(1000)).toBe(15 * 60);
  });
});

describe('temporary passwords and masks', () => {
  it('a temporary password satisfies the strictest policy', () => {
    const policy = { minLength: 20, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: true };
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const password = temporaryPassword(policy);
      expect(password).toHaveLength(20);
      expect(passwordPolicyViolations(password, policy)).toEqual([]);
      seen.add(password);
    }
    expect(seen.size).toBe(50);
    expect(temporaryPassword({ ...policy, minLength: 6 })).toHaveLength(14);
  });

  it('masks addresses', () => {
    expect(maskEmail('ada@acme.test')).toBe('a***@acme.test');
    expect(maskPhone('+15125550123')).toBe('+*******0123');
  });
});
