// Retry policies of SPEC.md §7 and §9.

/** Generic API requests: these statuses are retried once, and only for methods that change nothing. */
export const RETRYABLE_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
const MUTATING_METHODS = new Set(['PATCH', 'POST', 'PUT', 'DELETE']);

export function httpRetriesFor(method: string, status: number): number {
  if (MUTATING_METHODS.has(method.toUpperCase())) return 0;
  return (RETRYABLE_STATUSES as readonly number[]).includes(status) ? 1 : 0;
}

/** Identity calls: network errors, 429/5xx, throttling and timeouts; 3 attempts, exponential backoff with jitter. */
export const IDENTITY_MAX_ATTEMPTS = 3;
export const IDENTITY_BACKOFF_CAP_MS = 300_000;
const IDENTITY_RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const THROTTLING_NAMES = new Set([
  'ThrottlingException', 'TooManyRequestsException', 'RequestLimitExceeded', 'RequestThrottled', 'ProvisionedThroughputExceededException',
  'SlowDown', 'TimeoutError', 'RequestTimeout', 'RequestTimeoutException',
]);

export interface RetryConfig {
  maxAttempts: number;
}

/** SPEC.md §5: a retry configuration needs maxAttempts of at least 1. */
export function validateRetryConfig(config: RetryConfig): RetryConfig {
  if (!Number.isInteger(config.maxAttempts) || config.maxAttempts < 1) {
    throw new Error('maxAttempts must be greater than or equal to 1');
  }
  return config;
}

export function isRetryableIdentityError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NetworkError') return true;
  const status = (error as { status?: number }).status;
  if (status !== undefined && IDENTITY_RETRY_STATUSES.has(status)) {
    // A locked account answers 429 too, but waiting a few seconds will not unlock it: do not hammer.
    return (error as { code?: string }).code !== 'TooManyFailedAttemptsException';
  }
  const code = (error as { code?: string }).code;
  return THROTTLING_NAMES.has(error.name) || (code !== undefined && THROTTLING_NAMES.has(code));
}

/** Full-jitter exponential backoff: random in [0, min(cap, base·2^attempt)]. */
export function backoffDelayMs(attempt: number, random = Math.random, baseMs = 100, capMs = IDENTITY_BACKOFF_CAP_MS): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** attempt));
}

export async function withIdentityRetry<T>(
  operation: () => Promise<T>,
  config: RetryConfig = { maxAttempts: IDENTITY_MAX_ATTEMPTS },
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  const { maxAttempts } = validateRetryConfig(config);
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= maxAttempts || !isRetryableIdentityError(error)) throw error;
      await sleep(backoffDelayMs(attempt));
    }
  }
}
