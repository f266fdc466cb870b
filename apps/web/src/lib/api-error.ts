import type { ErrorCode } from '@mathclub/shared';

/**
 * A non-OK response: HTTP status plus the server's {code, message, validationErrors}. Its own file
 * (no zod) because the query client's retry rule needs it in the app shell.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly validationErrors: Record<string, string>;
  /**
   * The answer's body stopped arriving (the page is being unloaded, the network dropped): what the
   * server said is unknown, so nothing may be concluded from it, not even that a session ended.
   */
  readonly interrupted: boolean;

  constructor(status: number, message: string, code?: ErrorCode, validationErrors?: Record<string, string>, interrupted = false) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.validationErrors = validationErrors ?? {};
    this.interrupted = interrupted;
  }
}
