import { z } from 'zod';
import { InviteTokenSchema } from './teams';
import { UserSchema } from './users';

// Texts of spec section 5: the console's forms and the server's checks use these same schemas.
export const LoginFormSchema = z.object({
  username: z.string().trim().min(1, 'Email or username is required').max(254),
  password: z.string().min(1, 'Password is required').max(256),
  rememberMe: z.boolean().optional(),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;
/** The sign-in call: spec 7's {username, password}, plus whether to remember this browser. */
export const LoginBodySchema = z.strictObject(LoginFormSchema.shape);
export type LoginBody = z.infer<typeof LoginBodySchema>;

const username = z.string().trim().min(3, 'Username must be at least 3 characters').max(50, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dots, dashes and underscores');
const email = z.string().trim().max(254).pipe(z.email('Please enter a valid email address'));
const password = z.string().min(6, 'Password must be at least 6 characters').max(256, 'Password must be at most 256 characters');

export const RegisterFormSchema = z.object({
  firstName: z.string().trim().min(2, 'First name is required').max(60),
  lastName: z.string().trim().min(2, 'Last name is required').max(60),
  companyName: z.string().trim().min(2, 'Company name is required').max(120),
  username,
  email,
  password,
  confirmPassword: z.string(),
  agreedToTerms: z.boolean().refine((v) => v, 'You must agree to the terms and conditions'),
}).refine((f) => f.password === f.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

/**
 * The registration call of spec 7. role, level and points are sent by the console but the
 * server always creates an agent at rookie level with 0 points, whatever they say.
 */
export const RegisterBodySchema = z.strictObject({
  username,
  email,
  password,
  fullName: z.string().trim().min(2, 'Full name is required').max(120),
  role: z.string().max(40).optional(),
  level: z.string().max(40).optional(),
  points: z.number().optional(),
  rememberMe: z.boolean().optional(),
  /** The token of a team invite (`/register?invite=…`): the new agent joins that team. */
  inviteToken: InviteTokenSchema.optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const toRegisterBody = (f: RegisterForm): RegisterBody => ({
  username: f.username, email: f.email, password: f.password,
  fullName: `${f.firstName} ${f.lastName}`, role: 'agent', level: 'rookie', points: 0,
});

export const AuthUserResponseSchema = z.object({ user: UserSchema });
/**
 * `twoFactorSetupRequired`: the floor requires a second factor and this user has none yet; every
 * other call answers 403 two_factor.setup_required until they set one up.
 */
export const CurrentUserResponseSchema = z.object({ user: UserSchema.nullable(), twoFactorSetupRequired: z.boolean().optional() });
export const LogoutBodySchema = z.strictObject({});

/**
 * One sign-in of the demo floor, as the sign-in screen shows it (DESIGN.md, "Demo floor"): the
 * password is shown on screen, so it travels here too, and only ever for the demo floor.
 */
export const DemoAccountSchema = z.object({
  username: z.string(),
  /** Who the account is on the floor, e.g. 'Team lead'. */
  label: z.string(),
  password: z.string(),
});
export type DemoAccount = z.infer<typeof DemoAccountSchema>;
/** GET /api/auth/demo-accounts: the demo floor's sign-ins; empty on any floor that is not the demo. */
export const DemoAccountsResponseSchema = z.object({ accounts: z.array(DemoAccountSchema) });
export type DemoAccountsResponse = z.infer<typeof DemoAccountsResponseSchema>;
