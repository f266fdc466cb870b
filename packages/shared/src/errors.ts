import { z } from 'zod';

/** Machine-readable error codes every API error carries; the web app keys its messages on them. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'ACCOUNT_DEACTIVATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'LOGIN_TAKEN',
  'GROUP_NAME_TAKEN',
  'GROUP_NOT_EMPTY',
  'CANNOT_DEACTIVATE_SELF',
  'OWNER_TARGET_INVALID',
  'SOLUTION_EXISTS',
  'TASK_CLOSED',
  'TASK_HAS_SOLUTIONS',
  'SNIPPET_LIMIT',
  'WRONG_PASSWORD',
  'UNSUPPORTED_IMAGE',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'DISK_FULL',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Every non-2xx response body. `validationErrors` maps a field name to an i18n key
 * (for example `login` → `auth.error.loginTaken`) that the form shows under that field.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  /** Human-readable, localised by Accept-Language (fallback uk). */
  message: z.string(),
  validationErrors: z.record(z.string(), z.string()).optional(),
  /**
   * For a rejected file (a class list, PRODUCT.md §13): each problem with its 1-based line, the
   * column when known, and an i18n key. Nothing from the file was stored.
   */
  errors: z.array(z.object({ line: z.number().int(), field: z.string().optional(), message: z.string() })).optional(),
}).meta({ id: 'ApiError', description: 'Every non-2xx answer: statusCode, a machine-readable code, a localised message and, for input errors, field → i18n key.' });
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * The validationErrors key the server uses for a field that is wrong in a way no form names
 * (a wrong type, an unexpected value). Form-specific keys win whenever the schema has one.
 */
export const INVALID_VALUE_KEY = 'common.error.invalidValue';
