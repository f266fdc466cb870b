import { z } from 'zod';
import { LOGIN_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import { groupSchema } from './groups.js';
import { gradeLetterSchema, gradeSchema, roleSchema } from './fields.js';

/** POST /api/auth/login body. Server-side checks are only "present"; length rules apply at sign-up. */
export const loginRequestSchema = z.object({
  /** The login chosen at sign-up; compared trimmed and case-insensitively. */
  login: z
    .string({ error: 'auth.error.loginRequired' })
    .trim()
    .min(1, 'auth.error.loginRequired')
    .max(LOGIN_MAX, 'auth.error.loginTooLong'),
  password: z
    .string({ error: 'auth.error.passwordRequired' })
    .min(1, 'auth.error.passwordRequired')
    .max(PASSWORD_MAX, 'auth.error.passwordTooLong'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A signed JWT plus the user it describes (the same facts the token carries). */
export const loginResponseSchema = z.object({
  access_token: z.string().meta({ description: 'A signed JWT to send as `Authorization: Bearer <token>`.' }),
}).meta({ id: 'AccessToken', description: 'A signed access token (JWT) for the bearer scheme.' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** What the access token says about its holder (SEED.md §3 "Authenticated user"). */
export const authenticatedUserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: roleSchema,
  activated: z.boolean(),
  /** The school's owner (PRODUCT.md §16). */
  owner: z.boolean(),
  grade: gradeSchema.nullable(),
  gradeLetter: gradeLetterSchema.nullable(),
  groups: z.array(groupSchema),
});
export type AuthenticatedUser = z.infer<typeof authenticatedUserSchema>;

/** A new password, with the same rules as at sign-up. */
export const newPasswordSchema = z
  .string({ error: 'auth.error.passwordRequired' })
  .min(1, 'auth.error.passwordRequired')
  .min(PASSWORD_MIN, 'auth.error.passwordTooShort')
  .max(PASSWORD_MAX, 'auth.error.passwordTooLong');

/** PUT /api/users/me/password: a signed-in user changes their own password. */
export const changeOwnPasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'password.error.currentRequired' })
    .min(1, 'password.error.currentRequired')
    .max(PASSWORD_MAX, 'auth.error.passwordTooLong'),
  newPassword: newPasswordSchema,
});
export type ChangeOwnPassword = z.infer<typeof changeOwnPasswordSchema>;

/** PUT /api/users/{id}/password: a teacher sets a temporary password for someone who forgot theirs. */
export const setTemporaryPasswordSchema = z.object({
  password: newPasswordSchema,
});
export type SetTemporaryPassword = z.infer<typeof setTemporaryPasswordSchema>;
