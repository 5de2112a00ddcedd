// The sign-in state machine. Each answer names the next step with SPEC.md §4's step names; an
// unfinished sign-in is a challenge row the client refers to by an opaque session handle.
import { uuidv7 } from 'uuidv7';
import QRCode from 'qrcode';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import {
  AUTH_ERROR_CODES, AUTH_MESSAGES, MFA_TYPES, type MfaType, type SignInResult, type SignInStep, type Tokens,
} from '@clearlane/contract';
import type { Database, Executor } from '../db/client.ts';
import type { Config } from '../config/config.ts';
import { passwordPolicyOf } from '../config/config.ts';
import { AppError } from '../http/errors.ts';
import type { Messenger } from '../mail/messenger.ts';
import * as repo from './identity.repository.ts';
import { assertPasswordPolicy, decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { maskEmail, maskPhone, randomHandle, sameHash, sha256, sixDigitCode } from './secrets.ts';
import type { TokenService } from './tokens.ts';

const CHALLENGE_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 15 * 60_000;
const MAX_CODE_ATTEMPTS = 5;
/** Failures before the account locks; the lock then lasts 2^(n-5) seconds, at most 15 minutes. */
export const LOCK_AFTER_FAILURES = 5;
export const MAX_LOCK_SECONDS = 15 * 60;

export const lockSecondsFor = (failures: number) =>
  failures < LOCK_AFTER_FAILURES ? 0 : Math.min(2 ** (failures - LOCK_AFTER_FAILURES), MAX_LOCK_SECONDS);

/** Cognito's words for a user switched off (by an operator, or by their company's admin there). */
const USER_DISABLED = 'User is disabled.';
const notAuthorized = (message: string = AUTH_MESSAGES.wrongCredentials) => new AppError(401, AUTH_ERROR_CODES.NotAuthorized, message);

type ChallengeStep = Exclude<SignInStep, 'DONE' | 'RESET_PASSWORD'>;

/** Whether a password may sign someone into a company (one that requires single sign-on says no). */
export interface PasswordSignInGate {
  assertPasswordAllowed(email: string, companyId: string): Promise<void>;
}

export interface SignInContext {
  /** The tenant of the host the user signs in at; picks the active company when they have several. */
  hostTenant: string;
  now?: Date;
}

export class SignInService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly tokens: TokenService,
    private readonly messenger: Messenger,
    /** Refuses a password sign-in into a company that requires single sign-on (identity/sso). */
    private readonly passwordGate?: PasswordSignInGate,
  ) {}

  async signIn(email: string, password: string, context: SignInContext): Promise<SignInResult> {
    const now = context.now ?? new Date();
    const lock = await repo.lockStateOf(this.db, email);
    if (lock?.lockedUntil && lock.lockedUntil > now) throw lockedError(lock.lockedUntil, now);

    const user = await repo.findUserByEmail(this.db, email);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!user || !passwordOk) {
      // Unknown emails count and lock exactly like known ones: the answer never tells them apart.
      const failures = await repo.recordFailedSignIn(this.db, email, now);
      const seconds = lockSecondsFor(failures);
      if (seconds > 0) {
        const lockedUntil = new Date(now.getTime() + seconds * 1000);
        await repo.setLockedUntil(this.db, email, lockedUntil);
        throw lockedError(lockedUntil, now);
      }
      throw notAuthorized();
    }
    await repo.clearFailedSignIns(this.db, email);

    if (user.status === 'DISABLED') throw notAuthorized(USER_DISABLED);
    // Refused before any further step (a new password, a code): no company would let them in.
    const memberships = await repo.membershipsOf(this.db, user.id);
    const signingInto = membershipToSignInTo(memberships, context.hostTenant);
    if (memberships.length > 0 && !signingInto) throw notAuthorized(USER_DISABLED);
    // Only after the right password: nobody learns from this answer who must use single sign-on.
    if (signingInto) await this.passwordGate?.assertPasswordAllowed(user.email, signingInto.companyId);
    if (user.status === 'RESET_REQUIRED') {
      return { nextStep: 'RESET_PASSWORD', codeDeliveryDetails: await this.sendResetCode(this.db, user) };
    }
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      if (user.temporaryPasswordExpiresAt && user.temporaryPasswordExpiresAt < now) {
        throw notAuthorized('Temporary password has expired and must be reset by an administrator.');
      }
      return this.openChallenge(user, 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', context, {}, now);
    }
    return this.afterPassword(user, context, now);
  }

  async confirmSignIn(session: string, answer: string, context: SignInContext): Promise<SignInResult> {
    const now = context.now ?? new Date();
    const challenge = await repo.findChallenge(this.db, sha256(session), now);
    if (!challenge) throw notAuthorized('Your sign-in session has expired. Please sign in again.');
    const user = await repo.findUserById(this.db, challenge.userId);
    if (!user || user.status === 'DISABLED') throw notAuthorized();
    const step = challenge.step as ChallengeStep;

    switch (step) {
      case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED': {
        assertPasswordPolicy(answer, passwordPolicyOf(this.config), 'body.challengeResponse');
        if (await verifyPassword(user.passwordHash, answer)) {
          throw new AppError(400, AUTH_ERROR_CODES.InvalidPassword, 'Choose a password different from the temporary one.', {
            errors: [{ path: 'body.challengeResponse', message: 'must differ from the temporary password' }],
          });
        }
        await repo.updateUser(this.db, user.id, { passwordHash: await hashPassword(answer), status: 'ACTIVE', temporaryPasswordExpiresAt: null });
        await repo.deleteChallenge(this.db, challenge.id);
        return this.afterPassword({ ...user, status: 'ACTIVE' }, context, now);
      }
      case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION': {
        const choice = answer.trim().toUpperCase() as MfaType;
        if (!MFA_TYPES.includes(choice)) {
          throw new AppError(400, 'ValidationError', 'Choose TOTP or SMS.', { errors: [{ path: 'body.challengeResponse', message: 'must be TOTP or SMS' }] });
        }
        await repo.deleteChallenge(this.db, challenge.id);
        // While setting up a first factor, the choice is what to set up; otherwise which one to use.
        if (challenge.state.setup === true) {
          return choice === 'TOTP' ? this.openTotpSetup(user, context, now) : this.openSmsChallenge(user, context, now, { enableSms: true });
        }
        return choice === 'TOTP'
          ? this.openChallenge(user, 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', context, {}, now)
          : this.openSmsChallenge(user, context, now);
      }
      case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
        const secret = String(challenge.state.secret);
        const timeStep = await matchTotp(secret, answer, now);
        if (timeStep === null) return this.wrongCode(challenge);
        await repo.updateUser(this.db, user.id, { totpSecret: secret, totpEnabled: true, totpLastStep: timeStep });
        return this.finish(user, challenge.id, context, now);
      }
      case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE': {
        const timeStep = user.totpSecret ? await matchTotp(user.totpSecret, answer, now) : null;
        // A code works once: a step at or before the last accepted one is refused.
        if (timeStep === null || !(await repo.claimTotpStep(this.db, user.id, timeStep))) return this.wrongCode(challenge);
        return this.finish(user, challenge.id, context, now);
      }
      case 'CONFIRM_SIGN_IN_WITH_SMS_CODE': {
        if (!sameHash(answer.trim(), String(challenge.state.codeHash))) return this.wrongCode(challenge);
        // The right code proves the phone is theirs: SMS becomes their second factor.
        if (challenge.state.enableSms === true) await repo.updateUser(this.db, user.id, { smsMfaEnabled: true });
        return this.finish(user, challenge.id, context, now);
      }
      default:
        throw notAuthorized('This sign-in step is not supported.');
    }
  }

  /** After the password: second factor if the user has one, set one up if required, else done. */
  private async afterPassword(user: repo.UserRow, context: SignInContext, now: Date): Promise<SignInResult> {
    const sms = user.smsMfaEnabled && user.phoneNumber !== null;
    if (user.totpEnabled && sms) {
      return this.openChallenge(user, 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', context, {}, now, { allowedMfaTypes: ['TOTP', 'SMS'] });
    }
    if (user.totpEnabled) return this.openChallenge(user, 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', context, {}, now);
    if (sms) return this.openSmsChallenge(user, context, now);
    if (user.mfaRequired) {
      // A user with a phone chooses what to set up: an authenticator app or text messages.
      if (user.phoneNumber) {
        return this.openChallenge(user, 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', context, { setup: true }, now, { allowedMfaTypes: ['TOTP', 'SMS'] });
      }
      return this.openTotpSetup(user, context, now);
    }
    return this.completeSignIn(user, context, now);
  }

  private async openTotpSetup(user: repo.UserRow, context: SignInContext, now: Date): Promise<SignInResult> {
    const secret = generateSecret();
    const otpauthUri = generateURI({ issuer: 'Clearlane', label: user.email, secret });
    const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, { margin: 1, width: 220 });
    return this.openChallenge(user, 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', context, { secret }, now, {
      totpSetupDetails: { sharedSecret: secret, otpauthUri, qrCodeDataUrl },
    });
  }

  private async openSmsChallenge(user: repo.UserRow, context: SignInContext, now: Date, state: Record<string, unknown> = {}): Promise<SignInResult> {
    const code = sixDigitCode();
    await this.messenger.send({ channel: 'SMS', recipient: user.phoneNumber!, subject: 'Clearlane sign-in code', body: `Your Clearlane sign-in code is ${code}. It expires in 10 minutes.` });
    return this.openChallenge(user, 'CONFIRM_SIGN_IN_WITH_SMS_CODE', context, { ...state, codeHash: sha256(code) }, now, {
      codeDeliveryDetails: { deliveryMedium: 'SMS', destination: maskPhone(user.phoneNumber!) },
    });
  }

  private async openChallenge(
    user: repo.UserRow,
    step: ChallengeStep,
    _context: SignInContext,
    state: Record<string, unknown>,
    now: Date,
    extra: Partial<SignInResult> = {},
  ): Promise<SignInResult> {
    const session = randomHandle();
    await repo.insertChallenge(this.db, {
      id: uuidv7(),
      handleHash: sha256(session),
      userId: user.id,
      step,
      state,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    return { nextStep: step, session, ...extra };
  }

  private async wrongCode(challenge: repo.ChallengeRow): Promise<never> {
    const attempts = challenge.attempts + 1;
    if (attempts >= MAX_CODE_ATTEMPTS) {
      await repo.deleteChallenge(this.db, challenge.id);
      throw notAuthorized('Too many wrong codes. Please sign in again.');
    }
    await repo.updateChallenge(this.db, challenge.id, { attempts });
    throw new AppError(400, AUTH_ERROR_CODES.CodeMismatch, 'Invalid code received, please try again.', {
      errors: [{ path: 'body.challengeResponse', message: 'is not the right code' }],
    });
  }

  private async finish(user: repo.UserRow, challengeId: string, context: SignInContext, now: Date): Promise<SignInResult> {
    // Deleting is the claim: one answer to a challenge makes one sign-in, even when sent twice at once.
    if (!(await repo.deleteChallenge(this.db, challengeId))) throw notAuthorized('Your sign-in session has expired. Please sign in again.');
    return this.completeSignIn(user, context, now);
  }

  private async completeSignIn(user: repo.UserRow, context: SignInContext, now: Date): Promise<SignInResult> {
    const memberships = await repo.membershipsOf(this.db, user.id);
    if (memberships.length === 0) throw notAuthorized('Your account does not belong to any company yet. Ask your administrator.');
    const membership = membershipToSignInTo(memberships, context.hostTenant);
    if (!membership) throw notAuthorized(USER_DISABLED);
    await repo.updateUser(this.db, user.id, { lastSignInAt: now });
    return { nextStep: 'DONE', tokens: await this.startSession(this.db, user, membership.companyId, now) };
  }

  /** Opens a new refresh family (one signed-in session) and issues its first tokens. */
  async startSession(db: Executor, user: repo.UserRow, companyId: string, now = new Date(), familyId = uuidv7()): Promise<Tokens> {
    return this.issueInFamily(db, user, companyId, familyId, now);
  }

  private async issueInFamily(db: Executor, user: repo.UserRow, companyId: string, familyId: string, now: Date): Promise<Tokens> {
    const memberships = await repo.membershipsOf(db, user.id);
    const membership = memberships.find((m) => m.companyId === companyId);
    if (!membership) throw notAuthorized('You are no longer a member of this company.');
    if (!membership.enabled) throw notAuthorized(USER_DISABLED);
    const refreshToken = randomHandle(48);
    await repo.insertRefreshToken(db, {
      id: uuidv7(),
      familyId,
      userId: user.id,
      companyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    const issued = await this.tokens.issue({
      sub: user.id,
      email: user.email,
      givenName: user.firstName,
      familyName: user.lastName,
      companyId,
      tenantIdentifier: membership.tenantIdentifier,
      groups: [membership.role],
      sid: familyId,
    });
    return { ...issued, refreshToken };
  }

  /** GetTokensFromRefreshToken: rotates the refresh token; a reused one revokes its whole family. */
  async refresh(refreshToken: string, now = new Date()): Promise<Tokens> {
    const row = await repo.findRefreshToken(this.db, sha256(refreshToken));
    if (!row || row.revokedAt || row.expiresAt < now) throw notAuthorized('Invalid Refresh Token');
    const won = await repo.markRotated(this.db, row.id, now);
    if (!won) {
      await repo.revokeFamily(this.db, row.familyId, now);
      throw notAuthorized('Refresh Token has been revoked');
    }
    const user = await repo.findUserById(this.db, row.userId);
    if (!user || user.status === 'DISABLED') throw notAuthorized(USER_DISABLED);
    return this.issueInFamily(this.db, user, row.companyId, row.familyId, now);
  }

  async signOut(familyId: string, now = new Date()) {
    await repo.revokeFamily(this.db, familyId, now);
  }

  async forgotPassword(email: string) {
    const user = await repo.findUserByEmail(this.db, email);
    // The answer is the same whether or not the user exists.
    if (user && user.status !== 'DISABLED') await this.sendResetCode(this.db, user);
    return { nextStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' as const, codeDeliveryDetails: { deliveryMedium: 'EMAIL' as const, destination: maskEmail(email) } };
  }

  async confirmResetPassword(email: string, code: string, newPassword: string, now = new Date()) {
    const user = await repo.findUserByEmail(this.db, email);
    const stored = user ? await repo.latestOpenCode(this.db, user.id, 'RESET_PASSWORD') : undefined;
    const codeError = new AppError(400, AUTH_ERROR_CODES.CodeMismatch, 'Invalid verification code provided, please try again.', {
      errors: [{ path: 'body.code', message: 'is not the code we sent' }],
    });
    // A disabled user stays disabled: a code sent before an admin disabled them resets nothing.
    if (!user || !stored || user.status === 'DISABLED') throw codeError;
    if (stored.expiresAt < now || stored.attempts >= MAX_CODE_ATTEMPTS) {
      throw new AppError(400, AUTH_ERROR_CODES.ExpiredCode, 'Invalid code provided, please request a code again.', {
        errors: [{ path: 'body.code', message: 'has expired; request a new one' }],
      });
    }
    if (!sameHash(code, stored.codeHash)) {
      await repo.updateCode(this.db, stored.id, { attempts: stored.attempts + 1 });
      throw codeError;
    }
    assertPasswordPolicy(newPassword, passwordPolicyOf(this.config));
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await repo.updateCode(tx, stored.id, { consumedAt: now });
      await repo.updateUser(tx, user.id, { passwordHash, status: 'ACTIVE', temporaryPasswordExpiresAt: null });
      // A new password ends every session signed in with the old one.
      await repo.revokeAllFamiliesOfUser(tx, user.id, now);
      await repo.clearFailedSignIns(tx, user.email);
    });
    return { nextStep: 'DONE' as const };
  }

  private async sendResetCode(db: Executor, user: repo.UserRow) {
    const code = sixDigitCode();
    await repo.insertCode(db, {
      id: uuidv7(),
      userId: user.id,
      purpose: 'RESET_PASSWORD',
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    await this.messenger.send({
      channel: 'EMAIL',
      recipient: user.email,
      subject: 'Your Clearlane password reset code',
      body: `Hello ${user.firstName},\n\nYour password reset code is ${code}. It expires in 15 minutes.\n\nIf you did not ask to reset your password, you can ignore this message.`,
    });
    return { deliveryMedium: 'EMAIL' as const, destination: maskEmail(user.email) };
  }
}

/**
 * The company a sign-in opens: the one of the host signed in at, which must not have switched the
 * user off (one company's admin decides for that company only); elsewhere, their first company
 * that has not. Undefined: no company lets them in.
 */
function membershipToSignInTo(memberships: repo.MembershipWithCompany[], hostTenant: string) {
  const atHost = memberships.find((m) => m.tenantIdentifier === hostTenant);
  if (atHost) return atHost.enabled ? atHost : undefined;
  return memberships.find((m) => m.enabled);
}

export function lockedError(lockedUntil: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError(429, AUTH_ERROR_CODES.TooManyFailedAttempts, `Password attempts exceeded. Try again in ${formatWait(seconds)}.`, {
    retryAfterSeconds: seconds,
  });
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Returns the 30-second time step a TOTP code matches (±1 step for clock drift), or null. */
export async function matchTotp(secret: string, code: string, now: Date): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verifyTotp({ secret, token, epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30 });
  return result.valid ? (result as unknown as { timeStep: number }).timeStep : null;
}
