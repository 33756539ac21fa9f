import * as z from 'zod/mini';
import { LoginPassword, RequiredEmail } from '../../api/validation';

/**
 * The login form (spec §5: email required for login; the password only required). In a module of its
 * own: the login route loads it without the other auth forms (src/features/auth/authForms.ts) and their
 * rules (issue 7: the login route's JS at most 170 KiB).
 */
export const LoginForm = z.object({ email: RequiredEmail, password: LoginPassword });
export type LoginForm = z.input<typeof LoginForm>;
