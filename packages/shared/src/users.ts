import { z } from 'zod';
import { LOGIN_MAX, NAME_MAX, SELF_SELECTABLE_ROLES } from './constants.js';
import { newPasswordSchema } from './auth.js';
import { gradeLetterSchema, gradeSchema, idSchema, isReadableName, LOGIN_PATTERN, roleSchema } from './fields.js';
import { groupSchema } from './groups.js';

const loginSchema = z
  .string({ error: 'auth.error.loginRequired' })
  .trim()
  .min(1, 'auth.error.loginRequired')
  .max(LOGIN_MAX, 'auth.error.loginTooLong')
  .regex(LOGIN_PATTERN, 'auth.error.loginInvalid');

const nameSchema = z
  .string({ error: 'auth.error.nameRequired' })
  .trim()
  .min(1, 'auth.error.nameRequired')
  .max(NAME_MAX, 'auth.error.nameTooLong')
  .refine(isReadableName, 'auth.error.nameInvalid');

/**
 * POST /api/users: public sign-up (SEED.md §3 "User (sign-up payload)").
 * `activated` is accepted for compatibility and ignored: new accounts always wait for a teacher.
 * Students must give grade and letter; teachers' are stored as null whatever is sent.
 */
export const signUpSchema = z
  .object({
    login: loginSchema,
    password: newPasswordSchema,
    name: nameSchema,
    activated: z.boolean().optional(),
    role: z.enum(SELF_SELECTABLE_ROLES, { error: 'auth.error.roleRequired' }),
    grade: gradeSchema.nullish(),
    gradeLetter: gradeLetterSchema.nullish(),
    /** A group's join code (PRODUCT.md §13): a student signing up through a join link lands in that group. */
    joinCode: z.string().max(32, 'joinCode.error.wrong').optional(),
  })
  .superRefine((user, ctx) => {
    if (user.role !== 'student') return;
    if (user.grade == null) ctx.addIssue({ code: 'custom', path: ['grade'], message: 'auth.error.gradeRequired' });
    if (user.gradeLetter == null) {
      ctx.addIssue({ code: 'custom', path: ['gradeLetter'], message: 'auth.error.gradeLetterRequired' });
    }
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A user as every API response shows one. Never carries a password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: roleSchema,
  activated: z.boolean(),
  /** The school's owner (PRODUCT.md §16): the one teacher who manages teacher accounts. */
  owner: z.boolean(),
  grade: z.number().int().nullable(),
  gradeLetter: z.string().nullable(),
  groups: z.array(groupSchema),
}).meta({ id: 'User', description: 'A user as every answer shows one (never a password hash).' });
export type User = z.infer<typeof userSchema>;

/** A group reference as clients send it: an id, or a group object (the whole user is sent back). */
const groupRefSchema = z.union([idSchema, z.object({ id: idSchema }).transform((g) => g.id)]);

/**
 * PUT /api/users/{id} (teacher only). SEED.md's client sends the whole user; only these fields
 * may change. login, role and password in the body are ignored, never applied.
 */
export const userUpdateSchema = z.object({
  name: nameSchema.optional(),
  activated: z.boolean().optional(),
  grade: gradeSchema.nullish(),
  gradeLetter: gradeLetterSchema.nullish(),
  groups: z.array(groupRefSchema).max(100).optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** PATCH /api/users/teachers/profile body. */
export const teacherProfileUpdateSchema = z.object({
  name: z
    .string({ error: 'profileForm.error.nameRequired' })
    .trim()
    .min(1, 'profileForm.error.nameRequired')
    .max(NAME_MAX, 'profileForm.error.nameTooLong')
    .refine(isReadableName, 'profileForm.error.nameInvalid'),
  groups: z.array(groupRefSchema).max(100),
});
export type TeacherProfileUpdate = z.infer<typeof teacherProfileUpdateSchema>;

/** PATCH /api/users/students/profile body: exactly one group. */
export const studentProfileUpdateSchema = z.object({
  groups: z
    .array(groupRefSchema, { error: 'profileForm.error.groupRequired' })
    .min(1, 'profileForm.error.groupRequired')
    .max(1, 'profileForm.error.oneGroupOnly'),
});
export type StudentProfileUpdate = z.infer<typeof studentProfileUpdateSchema>;

/** Profile changes answer with the new user and a fresh token that says the same. */
export const profileUpdateResponseSchema = z.object({
  user: userSchema,
  access_token: z.string(),
}).meta({ id: 'UserProfile', description: 'The changed user and a fresh access token that says the same.' });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;
