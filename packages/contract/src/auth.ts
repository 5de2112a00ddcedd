// The sign-in conversation between the portal and our embedded identity provider.
// Step names are SPEC.md §4's; the portal drives one form step per name.
import { z } from 'zod';

export const SIGN_IN_STEPS = [
  'DONE',
  'RESET_PASSWORD',
  'CONFIRM_SIGN_UP',
  'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
  'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];
export const RESET_PASSWORD_STEPS = ['CONFIRM_RESET_PASSWORD_WITH_CODE', 'DONE'] as const;

export const MFA_TYPES = ['TOTP', 'SMS'] as const;
export type MfaType = (typeof MFA_TYPES)[number];

/** Auth error names of SPEC.md §8; every identity problem carries one of these as its `code`. */
export const AUTH_ERROR_CODES = {
  NotAuthorized: 'NotAuthorizedException',
  InvalidPassword: 'InvalidPasswordException',
  CodeMismatch: 'CodeMismatchException',
  ExpiredCode: 'ExpiredCodeException',
  TooManyFailedAttempts: 'TooManyFailedAttemptsException',
  UserUnAuthenticated: 'UserUnAuthenticatedException',
  TokenRefresh: 'TokenRefreshException',
} as const;

// In a module without zod, so the portal's entry chunk can show them without loading zod.
export { AUTH_MESSAGES } from './auth-messages.ts';

export const EmailSchema = z.string().trim().toLowerCase().max(254).email('must be an email address');

export const TokensSchema = z.object({
  idToken: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the id and access tokens expire. */
  expiresIn: z.number().int(),
});
export type Tokens = z.infer<typeof TokensSchema>;

export const CodeDeliveryDetailsSchema = z.object({
  deliveryMedium: z.enum(['EMAIL', 'SMS']),
  destination: z.string().describe('Masked address, e.g. a***@acme.test or +*******1234'),
});

export const TotpSetupDetailsSchema = z.object({
  sharedSecret: z.string(),
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string(),
});

export const SignInResultSchema = z.object({
  nextStep: z.enum(SIGN_IN_STEPS),
  /** Opaque handle of an unfinished sign-in; send it back with the next answer. */
  session: z.string().optional(),
  tokens: TokensSchema.optional(),
  codeDeliveryDetails: CodeDeliveryDetailsSchema.optional(),
  totpSetupDetails: TotpSetupDetailsSchema.optional(),
  allowedMfaTypes: z.array(z.enum(MFA_TYPES)).optional(),
  /** A custom challenge's public parameters (a cloud user pool's CUSTOM_CHALLENGE), e.g. its `question`. */
  additionalInfo: z.record(z.string(), z.string()).optional(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;

export const SignInBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'is required').max(256),
});

export const ConfirmSignInBodySchema = z.object({
  session: z.string().min(1).max(2048),
  /** The new password, the code, or the chosen MFA type, depending on the step. */
  challengeResponse: z.string().min(1, 'is required').max(256),
});

export const RefreshBodySchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const SignOutBodySchema = z.object({ refreshToken: z.string().max(512).optional() });

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const ForgotPasswordResultSchema = z.object({
  nextStep: z.literal('CONFIRM_RESET_PASSWORD_WITH_CODE'),
  codeDeliveryDetails: CodeDeliveryDetailsSchema,
});
export const ConfirmResetPasswordBodySchema = z.object({
  email: EmailSchema,
  code: z.string().trim().regex(/^\d{6}$/, 'must be the 6-digit code we sent'),
  newPassword: z.string().min(1, 'is required').max(256),
});

/** A one-time code and the origin of the tenant host that redeems it at /login?handoff=… */
export const HandoffResultSchema = z.object({ code: z.string(), tenantIdentifier: z.string(), origin: z.string() });
export const HandoffRedeemBodySchema = z.object({ code: z.string().min(1).max(128) });

export const PasswordPolicySchema = z.object({
  minLength: z.number().int().min(6).max(256),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumbers: z.boolean(),
  requireSymbols: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicySchema>;
export const DEFAULT_PASSWORD_MIN_LENGTH = 6;

/** Every rule of the policy the password breaks, written for the person typing it. */
export function passwordPolicyViolations(password: string, policy: PasswordPolicy): string[] {
  const problems: string[] = [];
  if (password.length < policy.minLength) problems.push(`at least ${policy.minLength} characters`);
  if (policy.requireLowercase && !/[a-z]/.test(password)) problems.push('a lowercase letter');
  if (policy.requireUppercase && !/[A-Z]/.test(password)) problems.push('an uppercase letter');
  if (policy.requireNumbers && !/[0-9]/.test(password)) problems.push('a number');
  if (policy.requireSymbols && !/[^A-Za-z0-9]/.test(password)) problems.push('a symbol');
  return problems;
}

export function describePasswordViolations(problems: string[]): string {
  return problems.length === 0 ? '' : `Password must contain ${problems.join(', ')}.`;
}
