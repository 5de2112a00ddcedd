// "Your account": the signed-in user's own password and two-step verification (self-service calls
// of our identity provider, named after Cognito's ChangePassword, AssociateSoftwareToken,
// VerifySoftwareToken and SetUserMFAPreference). Every change needs the current password, so a
// stolen id token alone changes nothing.
import { z } from 'zod';
import { CodeDeliveryDetailsSchema, TotpSetupDetailsSchema } from './auth.ts';

const CurrentPasswordSchema = z.string().min(1, 'is required').max(256);
const SixDigitCodeSchema = z.string().trim().regex(/^\d{6}$/, 'must be the 6-digit code');

/** ChangePassword (Cognito's PreviousPassword / ProposedPassword). */
export const ChangePasswordBodySchema = z.object({
  currentPassword: CurrentPasswordSchema,
  newPassword: z.string().min(1, 'is required').max(256),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** The user's two-step verification as they may see it. */
export const MfaStatusSchema = z.object({
  totpEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  /** Masked (+*******1234); null when the account has no phone, so SMS cannot be switched on. */
  phoneNumber: z.string().nullable(),
  /** The company requires a second factor of this user: without one, the next sign-in sets one up. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** AssociateSoftwareToken and the SMS set-up start with proof of the current password. */
export const StartMfaSetupBodySchema = z.object({ currentPassword: CurrentPasswordSchema });

/** AssociateSoftwareToken: a new secret to add to an authenticator app, pending until verified. */
export const AssociateSoftwareTokenResultSchema = TotpSetupDetailsSchema.extend({
  /** Opaque handle of this set-up (10 minutes, 5 wrong codes); send it back with the first code. */
  session: z.string(),
});
export type AssociateSoftwareTokenResult = z.infer<typeof AssociateSoftwareTokenResultSchema>;

/** The SMS set-up: a code went to the account's phone. */
export const StartSmsSetupResultSchema = z.object({ session: z.string(), codeDeliveryDetails: CodeDeliveryDetailsSchema });
export type StartSmsSetupResult = z.infer<typeof StartSmsSetupResultSchema>;

/** VerifySoftwareToken (and its SMS twin): the first code proves the device and switches the factor on. */
export const VerifyMfaSetupBodySchema = z.object({
  session: z.string().min(1, 'is required').max(2048),
  code: SixDigitCodeSchema,
});

/**
 * SetUserMFAPreference: switches factors off (a factor is switched on by its set-up, which proves
 * the device). Both off is "reset two-step verification".
 */
export const SetMfaPreferenceBodySchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    totpEnabled: z.literal(false).optional(),
    smsEnabled: z.literal(false).optional(),
  })
  .refine((body) => body.totpEnabled !== undefined || body.smsEnabled !== undefined, {
    message: 'name a factor to switch off (totpEnabled or smsEnabled: false)',
    path: ['totpEnabled'],
  });
export type SetMfaPreferenceBody = z.infer<typeof SetMfaPreferenceBodySchema>;
