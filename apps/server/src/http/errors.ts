// One error type with stable codes; the problem handler maps it to RFC 9457 once (STYLE.md).
export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly options: { title?: string; errors?: FieldError[]; retryAfterSeconds?: number; plugin?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 406: 'Not Acceptable', 409: 'Conflict', 410: 'Gone',
  413: 'Content Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Content', 429: 'Too Many Requests',
};
export const titleOf = (status: number) => TITLES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');

export const notFound = (what = 'resource') => new AppError(404, 'NotFound', `The ${what} was not found.`);
export const forbidden = (detail = 'You do not have permission to do this.') => new AppError(403, 'Forbidden', detail);
export const invalidInput = (errors: FieldError[], detail = 'Some values are not valid.') =>
  new AppError(400, 'ValidationError', detail, { errors });
export const conflict = (code: string, detail: string, errors?: FieldError[]) => new AppError(409, code, detail, { errors });
