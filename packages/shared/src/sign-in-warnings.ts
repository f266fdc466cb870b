import { z } from 'zod';

/** How far back the failed sign-ins a teacher is told about reach. */
export const SIGN_IN_WARNING_HOURS = 24;

/**
 * An account whose login has seen many failed sign-ins lately (someone may be guessing its
 * password): GET /api/users/sign-in-warnings, for teachers.
 */
export const signInWarningSchema = z
  .object({
    userId: z.number().int().min(1),
    /** Wrong passwords for this login, from every address, within the last SIGN_IN_WARNING_HOURS. */
    failedSignIns: z.number().int().min(1),
  })
  .meta({ id: 'SignInWarning' });
export type SignInWarning = z.infer<typeof signInWarningSchema>;

export const signInWarningsSchema = z.array(signInWarningSchema);
