import type { ErrorCode } from '@mathclub/shared';

/**
 * A non-OK response: HTTP status plus the server's {code, message, validationErrors}. Its own file
 * (no zod) because the query client's retry rule needs it in the app shell.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly validationErrors: Record<string, string>;

  constructor(status: number, message: string, code?: ErrorCode, validationErrors?: Record<string, string>) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.validationErrors = validationErrors ?? {};
  }
}
