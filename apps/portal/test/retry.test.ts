import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../src/lib/api-error.ts';
import { backoffDelayMs, IDENTITY_BACKOFF_CAP_MS, IDENTITY_MAX_ATTEMPTS, isRetryableIdentityError, validateRetryConfig, withIdentityRetry } from '../src/lib/retry.ts';

const named = (name: string) => Object.assign(new Error(name), { name });

describe('identity retry', () => {
  it('makes 3 attempts on retryable errors, sleeping with backoff between them', async () => {
    const operation = vi.fn(async () => {
      throw new ApiError(503, { detail: 'Unavailable' });
    });
    const sleep = vi.fn(async () => {});
    await expect(withIdentityRetry(operation, undefined, sleep)).rejects.toMatchObject({ status: 503 });
    expect(IDENTITY_MAX_ATTEMPTS).toBe(3);
    expect(operation).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledTimes(2);
  });

  it('returns as soon as an attempt succeeds', async () => {
    const operation = vi.fn().mockRejectedValueOnce(new NetworkError(new TypeError('x'))).mockResolvedValueOnce('tokens');
    await expect(withIdentityRetry(operation, undefined, async () => {})).resolves.toBe('tokens');
    expect(operation).toHaveBeenCalledTimes(2);
  });

  it('does not retry a wrong password or a locked account', async () => {
    const wrong = vi.fn(async () => {
      throw new ApiError(400, { code: 'NotAuthorizedException', detail: 'Incorrect username or password.' });
    });
    await expect(withIdentityRetry(wrong, undefined, async () => {})).rejects.toBeInstanceOf(ApiError);
    expect(wrong).toHaveBeenCalledTimes(1);
    expect(isRetryableIdentityError(new ApiError(429, { code: 'TooManyFailedAttemptsException' }))).toBe(false);
  });

  it('retries network errors, 429/500/502/503/504, throttling and timeout names', () => {
    expect(isRetryableIdentityError(new NetworkError(new TypeError('x')))).toBe(true);
    for (const status of [429, 500, 502, 503, 504]) expect(isRetryableIdentityError(new ApiError(status, {}))).toBe(true);
    for (const status of [400, 401, 404, 501]) expect(isRetryableIdentityError(new ApiError(status, {}))).toBe(false);
    for (const name of ['ThrottlingException', 'TooManyRequestsException', 'TimeoutError', 'RequestTimeout']) expect(isRetryableIdentityError(named(name))).toBe(true);
    expect(isRetryableIdentityError(named('NotAuthorizedException'))).toBe(false);
    expect(isRetryableIdentityError('nope')).toBe(false);
  });

  it('backs off exponentially with full jitter, capped at 300 s', () => {
    expect(backoffDelayMs(1, () => 0)).toBe(0);
    expect(backoffDelayMs(1, () => 0.999)).toBe(199);
    expect(backoffDelayMs(2, () => 0.999)).toBe(399);
    expect(backoffDelayMs(30, () => 0.999999)).toBeLessThanOrEqual(IDENTITY_BACKOFF_CAP_MS);
    expect(backoffDelayMs(30, () => 0.999999)).toBeGreaterThan(IDENTITY_BACKOFF_CAP_MS - 1000);
    expect(IDENTITY_BACKOFF_CAP_MS).toBe(300_000);
  });

  it('needs maxAttempts of at least 1', () => {
    expect(() => validateRetryConfig({ maxAttempts: 0 })).toThrow('maxAttempts must be greater than or equal to 1');
    expect(validateRetryConfig({ maxAttempts: 1 })).toEqual({ maxAttempts: 1 });
  });
});
