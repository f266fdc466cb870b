import { signUpSchema, type SelfSelectableRole, type SignUpInput } from '@mathclub/shared';
import { fieldErrors } from '../../../lib/form-errors';

export interface SignUpValues {
  login: string;
  password: string;
  confirmPassword: string;
  name: string;
  role: SelfSelectableRole | '';
  grade: number | null;
  gradeLetter: string | null;
}

/** SEED.md §5 sign-up rules: the shared schema plus the confirm-password checks of the form. */
export function validateSignUp(values: SignUpValues): { payload?: SignUpInput; errors: Record<string, string> } {
  const isStudent = values.role === 'student';
  const candidate = {
    login: values.login,
    password: values.password,
    name: values.name,
    activated: false,
    role: values.role === '' ? undefined : values.role,
    ...(isStudent ? { grade: values.grade, gradeLetter: values.gradeLetter } : {}),
  };
  const parsed = signUpSchema.safeParse(candidate);
  const errors = fieldErrors(parsed.error);
  if (values.confirmPassword === '') {
    errors.confirmPassword = 'auth.error.confirmPasswordRequired';
  } else if (values.password !== '' && values.password !== values.confirmPassword) {
    errors.confirmPassword = 'auth.error.passwordsNoMatch';
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { payload: parsed.data, errors };
}
