// The portal's view of an RFC 9457 problem answered by the API.
import type { Problem } from '@clearlane/contract/problem';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: { path: string; message: string }[];
  readonly retryAfterSeconds?: number;
  /** PluginNotEnabled: the company plugin the refused call needs. */
  readonly plugin?: string;
  /** The whole problem document, extension members included (a refused sheet's rowErrors). */
  readonly problem: Partial<Problem> & Record<string, unknown>;

  constructor(status: number, problem: Partial<Problem>) {
    super(problem.detail ?? problem.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = problem.code ?? 'Error';
    this.fieldErrors = problem.errors ?? [];
    this.problem = problem;
    if (problem.retryAfterSeconds !== undefined) this.retryAfterSeconds = problem.retryAfterSeconds;
    if (problem.plugin !== undefined) this.plugin = problem.plugin;
  }

  /** The message for one form field, matched by the last segment of the problem's path ("body.email" → "email"). */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.path === field || error.path.endsWith(`.${field}`))?.message;
  }
}

/** Thrown when the request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Could not reach the server. Check your connection and try again.', { cause });
    this.name = 'NetworkError';
  }
}

export async function problemFrom(response: Response): Promise<ApiError> {
  let body: Partial<Problem> = {};
  try {
    body = (await response.json()) as Partial<Problem>;
  } catch {
    // Not JSON (a proxy's error page): fall back to the status text.
    body = { detail: response.statusText || undefined };
  }
  return new ApiError(response.status, body);
}
