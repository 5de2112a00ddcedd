// "Your account": the signed-in user changes their password and sets up or removes their own
// second factors. Every call that changes something first proves the current password, so a
// stolen id token alone (15 minutes, readable by any script on a compromised page) can neither
// take the account over nor lock its owner out with a factor of the attacker's.
import { uuidv7 } from 'uuidv7';
import QRCode from 'qrcode';
import { generateSecret, generateURI } from 'otplib';
import { AUTH_ERROR_CODES, AUTH_MESSAGES, type MfaStatus, type SetMfaPreferenceBody } from '@clearlane/contract';
import type { Config } from '../config/config.ts';
import { passwordPolicyOf } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { AppError, conflict } from '../http/errors.ts';
import type { Messenger } from '../mail/messenger.ts';
import type { Principal } from '../access/principal.ts';
import * as repo from './identity.repository.ts';
import { revokeOtherFamiliesOfUser } from './account.repository.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from './passwords.ts';
import { maskPhone, randomHandle, sameHash, sha256, sixDigitCode } from './secrets.ts';
import { lockSecondsFor, lockedError, matchTotp } from './sign-in.service.ts';

const SETUP_TTL_MS = 10 * 60_000;
const MAX_SETUP_ATTEMPTS = 5;

/**
 * Pending set-ups are rows of sign_in_challenges with steps of their own. The sign-in confirmation
 * does not know these steps and refuses them, so a set-up handle never yields tokens.
 */
export const SETUP_STEPS = { TOTP: 'ACCOUNT_TOTP_SETUP', SMS: 'ACCOUNT_SMS_SETUP' } as const;
type SetupFactor = keyof typeof SETUP_STEPS;

const setupOver = (detail = 'This set-up has expired or is already finished. Start it again.') =>
  new AppError(400, AUTH_ERROR_CODES.ExpiredCode, detail, { errors: [{ path: 'body.session', message: 'is expired or finished; start the set-up again' }] });

export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly messenger: Messenger,
  ) {}

  async mfaStatus(principal: Principal): Promise<MfaStatus> {
    return statusOf(await this.userOf(principal));
  }

  /**
   * ChangePassword. Other sessions of the user end at once (a password is changed because it may be
   * known to someone else); the session that asked stays signed in.
   */
  async changePassword(principal: Principal, currentPassword: string, newPassword: string, now = new Date()): Promise<void> {
    // The policy first: a request that cannot succeed does not spend one of the password attempts.
    assertPasswordPolicy(newPassword, passwordPolicyOf(this.config), 'body.newPassword');
    const user = await this.userOf(principal);
    await this.proveCurrentPassword(user, currentPassword, now);
    if (newPassword === currentPassword) {
      throw new AppError(400, AUTH_ERROR_CODES.InvalidPassword, 'Choose a password different from your current one.', {
        errors: [{ path: 'body.newPassword', message: 'must differ from your current password' }],
      });
    }
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await repo.updateUser(tx, user.id, { passwordHash });
      await revokeOtherFamiliesOfUser(tx, user.id, principal.sessionId, now);
    });
  }

  /** AssociateSoftwareToken: a new secret, switched on only when a code from it is verified. */
  async associateSoftwareToken(principal: Principal, currentPassword: string, now = new Date()) {
    const user = await this.userOf(principal);
    await this.proveCurrentPassword(user, currentPassword, now);
    const sharedSecret = generateSecret();
    const otpauthUri = generateURI({ issuer: 'Clearlane', label: user.email, secret: sharedSecret });
    const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, { margin: 1, width: 220 });
    const session = await this.openSetup(user.id, 'TOTP', { secret: sharedSecret }, now);
    return { session, sharedSecret, otpauthUri, qrCodeDataUrl };
  }

  /** Texts a code to the account's phone; the code, verified, switches SMS on. */
  async startSmsSetup(principal: Principal, currentPassword: string, now = new Date()) {
    const user = await this.userOf(principal);
    if (!user.phoneNumber) {
      throw conflict('NoPhoneNumber', 'Your account has no phone number for text messages. Ask a company administrator to add one.');
    }
    await this.proveCurrentPassword(user, currentPassword, now);
    const code = sixDigitCode();
    const session = await this.openSetup(user.id, 'SMS', { codeHash: sha256(code) }, now);
    await this.messenger.send({
      channel: 'SMS',
      recipient: user.phoneNumber,
      subject: 'Clearlane verification code',
      body: `Your Clearlane verification code is ${code}. It expires in 10 minutes.`,
    });
    return { session, codeDeliveryDetails: { deliveryMedium: 'SMS' as const, destination: maskPhone(user.phoneNumber) } };
  }

  /** VerifySoftwareToken (TOTP) or the SMS code: the first right code switches the factor on. */
  async verifySetup(principal: Principal, factor: SetupFactor, session: string, code: string, now = new Date()): Promise<MfaStatus> {
    const challenge = await repo.findChallenge(this.db, sha256(session), now);
    // Someone else's handle is exactly as unknown as an expired one.
    if (!challenge || challenge.userId !== principal.userId || challenge.step !== SETUP_STEPS[factor]) throw setupOver();

    let timeStep: number | null = null;
    if (factor === 'TOTP') timeStep = await matchTotp(String(challenge.state.secret), code, now);
    const right = factor === 'TOTP' ? timeStep !== null : sameHash(code.trim(), String(challenge.state.codeHash));
    if (!right) return this.wrongCode(challenge);

    // Deleting is the claim: the same code sent twice at once switches the factor on once.
    if (!(await repo.deleteChallenge(this.db, challenge.id))) throw setupOver();
    if (factor === 'TOTP') {
      await repo.updateUser(this.db, principal.userId, { totpSecret: String(challenge.state.secret), totpEnabled: true, totpLastStep: timeStep });
    } else {
      await repo.updateUser(this.db, principal.userId, { smsMfaEnabled: true });
    }
    return this.mfaStatus(principal);
  }

  /**
   * SetUserMFAPreference: switches factors off; both off is "reset two-step verification". A user
   * the company requires MFA of is asked to set a factor up again at their next sign-in.
   */
  async setMfaPreference(principal: Principal, body: SetMfaPreferenceBody, now = new Date()): Promise<MfaStatus> {
    const user = await this.userOf(principal);
    await this.proveCurrentPassword(user, body.currentPassword, now);
    const changes: Parameters<typeof repo.updateUser>[2] = {};
    if (body.totpEnabled === false) Object.assign(changes, { totpEnabled: false, totpSecret: null });
    if (body.smsEnabled === false) changes.smsMfaEnabled = false;
    await repo.updateUser(this.db, user.id, changes);
    return statusOf({ ...user, ...changes });
  }

  private async userOf(principal: Principal): Promise<repo.UserRow> {
    const user = await repo.findUserById(this.db, principal.userId);
    // The guard loaded this user a moment ago; gone since means signed out.
    if (!user) throw new AppError(401, AUTH_ERROR_CODES.UserUnAuthenticated, AUTH_MESSAGES.userUnauthenticated);
    return user;
  }

  /**
   * The current password, checked as sign-in checks it: a wrong one counts toward the same lockout
   * (per email), and a locked account answers 429 with Retry-After. The answer is a 400 rather
   * than sign-in's 401, which clients read as "your session is over" and sign the user out for.
   */
  private async proveCurrentPassword(user: repo.UserRow, password: string, now: Date): Promise<void> {
    const lock = await repo.lockStateOf(this.db, user.email);
    if (lock?.lockedUntil && lock.lockedUntil > now) throw onCurrentPassword(lockedError(lock.lockedUntil, now));
    if (await verifyPassword(user.passwordHash, password)) {
      if (lock) await repo.clearFailedSignIns(this.db, user.email);
      return;
    }
    const failures = await repo.recordFailedSignIn(this.db, user.email, now);
    const seconds = lockSecondsFor(failures);
    if (seconds > 0) {
      const lockedUntil = new Date(now.getTime() + seconds * 1000);
      await repo.setLockedUntil(this.db, user.email, lockedUntil);
      throw onCurrentPassword(lockedError(lockedUntil, now));
    }
    throw new AppError(400, AUTH_ERROR_CODES.NotAuthorized, AUTH_MESSAGES.wrongCredentials, {
      errors: [{ path: 'body.currentPassword', message: 'is not your current password' }],
    });
  }

  private async openSetup(userId: string, factor: SetupFactor, state: Record<string, unknown>, now: Date): Promise<string> {
    const session = randomHandle();
    await repo.insertChallenge(this.db, {
      id: uuidv7(),
      handleHash: sha256(session),
      userId,
      step: SETUP_STEPS[factor],
      state,
      expiresAt: new Date(now.getTime() + SETUP_TTL_MS),
    });
    return session;
  }

  private async wrongCode(challenge: repo.ChallengeRow): Promise<never> {
    const attempts = challenge.attempts + 1;
    if (attempts >= MAX_SETUP_ATTEMPTS) {
      await repo.deleteChallenge(this.db, challenge.id);
      throw setupOver('Too many wrong codes. Start the set-up again.');
    }
    await repo.updateChallenge(this.db, challenge.id, { attempts });
    throw new AppError(400, AUTH_ERROR_CODES.CodeMismatch, 'Invalid code received, please try again.', {
      errors: [{ path: 'body.code', message: 'is not the right code' }],
    });
  }
}

/** Sign-in's lockout answer, naming the field that caused it (here there is one). */
function onCurrentPassword(locked: AppError): AppError {
  return new AppError(locked.status, locked.code, locked.message, {
    ...locked.options,
    errors: [{ path: 'body.currentPassword', message: 'too many wrong passwords; wait, then try again' }],
  });
}

function statusOf(user: Pick<repo.UserRow, 'totpEnabled' | 'smsMfaEnabled' | 'phoneNumber' | 'mfaRequired'>): MfaStatus {
  return {
    totpEnabled: user.totpEnabled,
    // SMS counts only with a phone to send to, as at sign-in.
    smsEnabled: user.smsMfaEnabled && user.phoneNumber !== null,
    phoneNumber: user.phoneNumber ? maskPhone(user.phoneNumber) : null,
    required: user.mfaRequired,
  };
}
