// Settings are validated at boot, every invalid one reported at once.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, passwordPolicyOf, s3FileStoreOptionsOf } from '../src/config/config.ts';
import { lockSecondsFor, MAX_LOCK_SECONDS } from '../src/identity/sign-in.service.ts';
import { temporaryPassword } from '../src/identity/passwords.ts';
import { maskEmail, maskPhone } from '../src/identity/secrets.ts';
import { passwordPolicyViolations } from '@clearlane/contract';
import { configProblemsOf } from './config-problems.ts';

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

describe('file store settings', () => {
  const minio = { FILE_STORE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'us-east-1', S3_BUCKET: 'clearlane-files', S3_ACCESS_KEY_ID: 'minio', S3_SECRET_ACCESS_KEY: 'minio-secret' };

  it('keeps files in the database by default, and ignores S3 settings then', () => {
    expect(loadConfig({}).FILE_STORE).toBe('database');
    expect(s3FileStoreOptionsOf(loadConfig({ S3_BUCKET: 'unused-bucket' }))).toBeNull();
  });

  it('reads an S3-compatible store, path-style by default when an endpoint is given, with a prefix made a folder', () => {
    expect(s3FileStoreOptionsOf(loadConfig({ ...minio, S3_PREFIX: 'clearlane' }))).toEqual({
      endpoint: 'http://minio:9000', region: 'us-east-1', bucket: 'clearlane-files', accessKeyId: 'minio', secretAccessKey: 'minio-secret',
      forcePathStyle: true, prefix: 'clearlane/',
    });
    expect(s3FileStoreOptionsOf(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false', S3_PREFIX: 'a/b/' }))).toMatchObject({ forcePathStyle: false, prefix: 'a/b/' });
    const aws = s3FileStoreOptionsOf(loadConfig({ ...minio, S3_ENDPOINT: '', S3_REGION: 'eu-west-1' }));
    expect(aws).toMatchObject({ endpoint: undefined, region: 'eu-west-1', forcePathStyle: false, prefix: undefined });
  });

  it('names every missing S3 setting when FILE_STORE is s3, with the other bad settings', () => {
    const missing = configProblemsOf({ FILE_STORE: 's3', PORT: 'eighty' });
    expect(missing.map((problem) => problem.split(':')[0]).sort()).toEqual(['PORT', 'S3_ACCESS_KEY_ID', 'S3_BUCKET', 'S3_REGION', 'S3_SECRET_ACCESS_KEY']);
    expect(missing).toContain('S3_BUCKET: is required when FILE_STORE is s3 (S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)');
  });

  it('names every malformed S3 setting', () => {
    const problems = configProblemsOf({ ...minio, FILE_STORE: 'disk', S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'My_Bucket', S3_REGION: 'us east', S3_FORCE_PATH_STYLE: 'maybe', S3_PREFIX: '/files' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['FILE_STORE', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX', 'S3_REGION']);
    expect(problems).toEqual(expect.arrayContaining([
      'S3_ENDPOINT: must be an http(s) URL, e.g. http://minio:9000',
      expect.stringMatching(/^S3_BUCKET: must be a bucket name/),
      'S3_PREFIX: must not start with a slash, e.g. clearlane/',
    ]));
    expect(configProblemsOf({ ...minio, S3_ENDPOINT: 'ftp://minio:21' })).toEqual(['S3_ENDPOINT: must be an http(s) URL, e.g. http://minio:9000']);
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
