// One call of an AWS JSON 1.1 API (Cognito's user pool and identity pool), with fetch: no SDK in
// the bundle. `POST <endpoint>/`, Content-Type application/x-amz-json-1.1, X-Amz-Target
// <service>.<operation>. Errors become ApiErrors named by the answer's `__type`; no answer at all a
// NetworkError. Every call is retried per SPEC.md §7's identity policy (3 attempts, backoff with
// jitter, cap 300 s) on network errors, 429/5xx and throttling.
import { NetworkError } from '../api-error.ts';
import { withIdentityRetry } from '../retry.ts';
import { cognitoApiError } from './auth-errors.ts';

export const USER_POOL_SERVICE = 'AWSCognitoIdentityProviderService';
export const IDENTITY_POOL_SERVICE = 'AWSCognitoIdentityService';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface AwsJsonOptions {
  fetch?: Fetch;
  /** Tests shorten the backoff. */
  sleep?: (ms: number) => Promise<void>;
}

async function callOnce<T>(endpoint: string, target: string, body: unknown, doFetch: Fetch): Promise<T> {
  let response: Response;
  try {
    response = await doFetch(`${endpoint.replace(/\/+$/, '')}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': target },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text().catch(() => '');
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = null;
  }
  if (!response.ok) throw cognitoApiError(response.status, json as { __type?: string; message?: string } | null, response.headers.get('x-amzn-errortype'));
  return (json ?? {}) as T;
}

export function awsJsonCall<T>(endpoint: string, service: string, operation: string, body: unknown, options: AwsJsonOptions = {}): Promise<T> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return withIdentityRetry(() => callOnce<T>(endpoint, `${service}.${operation}`, body, doFetch), undefined, options.sleep);
}
