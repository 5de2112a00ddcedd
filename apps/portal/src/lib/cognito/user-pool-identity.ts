// The portal's identity calls against a cloud user pool (issue 14), with the same shapes as the
// embedded provider's (lib/identity.ts), so /login and its steps work unchanged. What maps to what
// (docs/DECISIONS.md, "Cloud user pool: the portal"):
//   InitiateAuth USER_PASSWORD_AUTH / RespondToAuthChallenge challenge → SPEC.md §4 sign-in step
//     NEW_PASSWORD_REQUIRED → CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED     (NEW_PASSWORD)
//     SMS_MFA               → CONFIRM_SIGN_IN_WITH_SMS_CODE                  (SMS_MFA_CODE)
//     SOFTWARE_TOKEN_MFA    → CONFIRM_SIGN_IN_WITH_TOTP_CODE                 (SOFTWARE_TOKEN_MFA_CODE)
//     SELECT_MFA_TYPE       → CONTINUE_SIGN_IN_WITH_MFA_SELECTION            (ANSWER SMS_MFA | SOFTWARE_TOKEN_MFA)
//     MFA_SETUP             → CONTINUE_SIGN_IN_WITH_TOTP_SETUP  (AssociateSoftwareToken, then VerifySoftwareToken)
//     CUSTOM_CHALLENGE      → CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE          (ANSWER)
//     UserNotConfirmedException → CONFIRM_SIGN_UP (ConfirmSignUp with the code, ResendConfirmationCode
//       for a new one; the login page then signs in again); PasswordResetRequiredException → RESET_PASSWORD
//       (a code is sent with ForgotPassword first, as the embedded provider does)
//     AuthenticationResult  → DONE with tokens (NewDeviceMetadata confirmed and remembered)
//   ForgotPassword → CONFIRM_RESET_PASSWORD_WITH_CODE; ConfirmForgotPassword → DONE
//   change password (the account page): ChangePassword with the access token; a wrong previous password
//     (NotAuthorizedException) is answered on the current-password field, as our server does
//   refresh: GetTokensFromRefreshToken (the refresh token is kept when none comes back)
//   sign-out: RevokeToken of the refresh token (and the hosted domain's /logout when signed in there)
// The "session" handed to the login page is this module's own state of the conversation (challenge,
// the pool's Session, the username), opaque to the page.
import type { SignInResult, Tokens } from '@clearlane/contract/auth';
import type { CognitoPublicConfig } from '@clearlane/contract/public-config';
import type { SignInDiscoverResult } from '@clearlane/contract/sso';
import { ApiError } from '../api-error.ts';
import { decodeJwt } from '../jwt.ts';
import { AuthError, COGNITO_ERRORS } from './auth-errors.ts';
import { awsJsonCall, USER_POOL_SERVICE, type AwsJsonOptions } from './aws-json.ts';
import { assertCognitoConfig } from './config-rules.ts';
import { deviceSecretVerifier, type DeviceStore } from './devices.ts';

interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn?: number;
  TokenType?: string;
  NewDeviceMetadata?: { DeviceKey?: string; DeviceGroupKey?: string };
}

interface ChallengeAnswer {
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: AuthenticationResult;
}

interface CodeDeliveryDetails {
  Destination?: string;
  DeliveryMedium?: string;
}

/** The conversation state behind the login page's opaque `session`. */
interface Conversation {
  challenge: string;
  session: string;
  username: string;
}

export interface UserPoolIdentityDeps extends AwsJsonOptions {
  devices?: DeviceStore;
  /** The stored tokens, for sign-out. */
  storedTokens?: () => { accessToken: string; refreshToken?: string } | null;
  /** Whether this session came through the hosted domain (its /logout ends it there). */
  signedInWithHostedUi?: () => boolean;
  /** Where the hosted domain sends the browser after /logout. */
  logoutUri?: () => string;
}

const MFA_ANSWER = { SMS: 'SMS_MFA', TOTP: 'SOFTWARE_TOKEN_MFA' } as const;
const MFA_TYPE_OF: Record<string, 'SMS' | 'TOTP'> = { SMS_MFA: 'SMS', SOFTWARE_TOKEN_MFA: 'TOTP' };

const encodeConversation = (conversation: Conversation) => JSON.stringify(conversation);

/** As the pool answers a conversation it no longer knows: the login page starts again. */
const sessionExpired = () =>
  new ApiError(400, { code: COGNITO_ERRORS.NotAuthorized, title: COGNITO_ERRORS.NotAuthorized, detail: 'Invalid session for the user, session is expired.', status: 400 });

function decodeConversation(session: string): Conversation {
  try {
    const value = JSON.parse(session) as Partial<Conversation>;
    if (value.challenge && value.session && value.username) return value as Conversation;
  } catch {
    // fall through
  }
  throw sessionExpired();
}

const isCode = (error: unknown, code: string): error is ApiError => error instanceof ApiError && error.code === code;

const deliveryOf = (details: CodeDeliveryDetails | undefined, fallback: string) => ({
  deliveryMedium: details?.DeliveryMedium === 'SMS' ? ('SMS' as const) : ('EMAIL' as const),
  destination: details?.Destination ?? fallback,
});

/** The hosted domain's origin: `auth.example.com` is https; a full URL (a local simulator) is kept. */
export const hostedDomainUrl = (domain: string) => (/^https?:\/\//.test(domain) ? domain : `https://${domain}`).replace(/\/+$/, '');

export function tokensFrom(result: AuthenticationResult, previousRefreshToken?: string): Tokens {
  const refreshToken = result.RefreshToken ?? previousRefreshToken;
  if (!refreshToken) throw new AuthError(COGNITO_ERRORS.TokenRefresh, 'The user pool answered no refresh token.');
  const expiresIn = result.ExpiresIn ?? Math.max(0, decodeJwt<{ exp: number }>(result.AccessToken).exp - Math.floor(Date.now() / 1000));
  return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken, expiresIn };
}

export function createUserPoolIdentity(auth: CognitoPublicConfig, deps: UserPoolIdentityDeps = {}) {
  const config = assertCognitoConfig(auth);
  const clientId = config.userPoolClientId;
  const call = <T>(operation: string, body: Record<string, unknown>) => awsJsonCall<T>(config.userPoolEndpoint, USER_POOL_SERVICE, operation, body, deps);
  const deviceKeyOf = (username: string) => deps.devices?.get(username)?.deviceKey;

  /** A new device: remember it once the pool has confirmed it (a failure only means it is not remembered). */
  async function rememberDevice(username: string, result: AuthenticationResult) {
    const { DeviceKey, DeviceGroupKey } = result.NewDeviceMetadata ?? {};
    if (!deps.devices || !DeviceKey || !DeviceGroupKey) return;
    try {
      const { randomPassword, config: verifier } = await deviceSecretVerifier(DeviceKey, DeviceGroupKey);
      await call('ConfirmDevice', { AccessToken: result.AccessToken, DeviceKey, DeviceSecretVerifierConfig: verifier, DeviceName: 'Clearlane portal' });
      deps.devices.set(username, { deviceKey: DeviceKey, deviceGroupKey: DeviceGroupKey, randomPassword });
    } catch {
      deps.devices.remove(username);
    }
  }

  /** The sign-in step a user-pool answer asks for. */
  async function stepOf(answer: ChallengeAnswer, username: string): Promise<SignInResult> {
    if (answer.AuthenticationResult) {
      await rememberDevice(username, answer.AuthenticationResult);
      return { nextStep: 'DONE', tokens: tokensFrom(answer.AuthenticationResult) };
    }
    const parameters = answer.ChallengeParameters ?? {};
    const user = parameters.USER_ID_FOR_SRP ?? parameters.USERNAME ?? username;
    const conversation = (challenge: string, session = answer.Session ?? '') => encodeConversation({ challenge, session, username: user });
    switch (answer.ChallengeName) {
      case 'NEW_PASSWORD_REQUIRED':
        return { nextStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', session: conversation('NEW_PASSWORD_REQUIRED') };
      case 'SMS_MFA':
        return {
          nextStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
          session: conversation('SMS_MFA'),
          codeDeliveryDetails: { deliveryMedium: 'SMS', destination: parameters.CODE_DELIVERY_DESTINATION ?? 'your phone' },
        };
      case 'SOFTWARE_TOKEN_MFA':
        return { nextStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', session: conversation('SOFTWARE_TOKEN_MFA') };
      case 'SELECT_MFA_TYPE': {
        const choices = JSON.parse(parameters.MFAS_CAN_CHOOSE ?? '[]') as string[];
        const allowedMfaTypes = choices.map((choice) => MFA_TYPE_OF[choice]).filter((type): type is 'SMS' | 'TOTP' => Boolean(type));
        return { nextStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', session: conversation('SELECT_MFA_TYPE'), allowedMfaTypes };
      }
      case 'MFA_SETUP': {
        const associated = await call<{ SecretCode: string; Session?: string }>('AssociateSoftwareToken', { Session: answer.Session });
        const issuer = 'Clearlane';
        return {
          nextStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
          session: conversation('MFA_SETUP', associated.Session ?? answer.Session ?? ''),
          totpSetupDetails: {
            sharedSecret: associated.SecretCode,
            otpauthUri: `otpauth://totp/${encodeURIComponent(`${issuer}:${username}`)}?secret=${associated.SecretCode}&issuer=${issuer}`,
            // No QR encoder in the portal's bundle: the panel shows the setup key to type in.
            qrCodeDataUrl: '',
          },
        };
      }
      case 'CUSTOM_CHALLENGE': {
        // The challenge's public parameters (a question, say), without the pool's own USERNAME.
        const { USERNAME: _username, USER_ID_FOR_SRP: _srpUser, ...additionalInfo } = parameters;
        return { nextStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', session: conversation('CUSTOM_CHALLENGE'), additionalInfo };
      }
      default:
        throw new AuthError('UnsupportedChallengeException', `The sign-in challenge ${answer.ChallengeName ?? '(none)'} is not supported by the portal.`);
    }
  }

  const forgotPassword = async (email: string) => {
    const answer = await call<{ CodeDeliveryDetails?: CodeDeliveryDetails }>('ForgotPassword', { ClientId: clientId, Username: email });
    return { nextStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' as const, codeDeliveryDetails: deliveryOf(answer.CodeDeliveryDetails, email) };
  };

  return {
    /** Everyone signs in at the pool: the password step (per-company OIDC is the embedded provider's). */
    discover: (_email: string, _redirect?: string): Promise<SignInDiscoverResult> => Promise.resolve({ method: 'PASSWORD' }),

    async signIn(email: string, password: string): Promise<SignInResult> {
      const deviceKey = deviceKeyOf(email);
      try {
        const answer = await call<ChallengeAnswer>('InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password, ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}) },
        });
        return await stepOf(answer, email);
      } catch (error) {
        if (isCode(error, COGNITO_ERRORS.UserNotConfirmed)) return { nextStep: 'CONFIRM_SIGN_UP' };
        if (isCode(error, COGNITO_ERRORS.PasswordResetRequired)) {
          const sent = await forgotPassword(email);
          return { nextStep: 'RESET_PASSWORD', codeDeliveryDetails: sent.codeDeliveryDetails };
        }
        throw error;
      }
    },

    async confirmSignIn(session: string, challengeResponse: string): Promise<SignInResult> {
      const { challenge, session: poolSession, username } = decodeConversation(session);
      const deviceKey = deviceKeyOf(username);
      const respond = (name: string, responses: Record<string, string>, withSession = poolSession) =>
        call<ChallengeAnswer>('RespondToAuthChallenge', {
          ChallengeName: name,
          ClientId: clientId,
          Session: withSession,
          ChallengeResponses: { USERNAME: username, ...responses, ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}) },
        });
      let answer: ChallengeAnswer;
      switch (challenge) {
        case 'NEW_PASSWORD_REQUIRED':
          answer = await respond(challenge, { NEW_PASSWORD: challengeResponse });
          break;
        case 'SMS_MFA':
          answer = await respond(challenge, { SMS_MFA_CODE: challengeResponse.trim() });
          break;
        case 'SOFTWARE_TOKEN_MFA':
          answer = await respond(challenge, { SOFTWARE_TOKEN_MFA_CODE: challengeResponse.trim() });
          break;
        case 'SELECT_MFA_TYPE':
          answer = await respond(challenge, { ANSWER: MFA_ANSWER[challengeResponse as keyof typeof MFA_ANSWER] ?? challengeResponse });
          break;
        case 'MFA_SETUP': {
          const verified = await call<{ Status?: string; Session?: string }>('VerifySoftwareToken', { Session: poolSession, UserCode: challengeResponse.trim(), FriendlyDeviceName: 'Clearlane' });
          if (verified.Status !== 'SUCCESS') {
            throw new ApiError(400, { code: COGNITO_ERRORS.CodeMismatch, title: COGNITO_ERRORS.CodeMismatch, detail: 'Invalid code received for user', status: 400 });
          }
          answer = await respond(challenge, {}, verified.Session ?? poolSession);
          break;
        }
        case 'CUSTOM_CHALLENGE':
          answer = await respond(challenge, { ANSWER: challengeResponse });
          break;
        default:
          throw sessionExpired();
      }
      return stepOf(answer, username);
    },

    /** GetTokensFromRefreshToken; the refresh token is kept when the pool does not rotate it. */
    async refresh(refreshToken: string, username?: string): Promise<Tokens> {
      const deviceKey = username ? deviceKeyOf(username) : undefined;
      const answer = await call<{ AuthenticationResult: AuthenticationResult }>('GetTokensFromRefreshToken', {
        RefreshToken: refreshToken,
        ClientId: clientId,
        ...(deviceKey ? { DeviceKey: deviceKey } : {}),
      });
      return tokensFrom(answer.AuthenticationResult, refreshToken);
    },

    /** Revokes the refresh token (and the access tokens issued with it); the hosted domain's /logout when signed in there. */
    async signOut(): Promise<{ endSessionUrl: string | null }> {
      const tokens = deps.storedTokens?.();
      if (tokens?.refreshToken) await call('RevokeToken', { Token: tokens.refreshToken, ClientId: clientId });
      if (!deps.signedInWithHostedUi?.() || !deps.logoutUri) return { endSessionUrl: null };
      const query = new URLSearchParams({ client_id: clientId, logout_uri: deps.logoutUri() });
      return { endSessionUrl: `${hostedDomainUrl(config.oauth.domain)}/logout?${query.toString()}` };
    },

    forgotPassword,

    /** ConfirmSignUp: the code the pool sent when the account was created (CONFIRM_SIGN_UP). */
    async confirmSignUp(email: string, code: string): Promise<{ nextStep: 'DONE' }> {
      await call('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: code.trim() });
      return { nextStep: 'DONE' };
    },

    /** ResendConfirmationCode: a new code to confirm the account, and where it went. */
    async resendSignUpCode(email: string) {
      const answer = await call<{ CodeDeliveryDetails?: CodeDeliveryDetails }>('ResendConfirmationCode', { ClientId: clientId, Username: email });
      return { codeDeliveryDetails: deliveryOf(answer.CodeDeliveryDetails, email) };
    },

    /** ChangePassword with the session's access token; a wrong current password names body.currentPassword. */
    async changePassword(accessToken: string, previousPassword: string, proposedPassword: string): Promise<void> {
      try {
        await call('ChangePassword', { AccessToken: accessToken, PreviousPassword: previousPassword, ProposedPassword: proposedPassword });
      } catch (error) {
        if (isCode(error, COGNITO_ERRORS.NotAuthorized) && /password/i.test(error.message)) {
          throw new ApiError(400, { ...error.problem, errors: [{ path: 'body.currentPassword', message: error.message }] });
        }
        throw error;
      }
    },

    async confirmResetPassword(email: string, code: string, newPassword: string): Promise<{ nextStep: 'DONE' }> {
      await call('ConfirmForgotPassword', { ClientId: clientId, Username: email, ConfirmationCode: code.trim(), Password: newPassword });
      return { nextStep: 'DONE' };
    },
  };
}

export type UserPoolIdentity = ReturnType<typeof createUserPoolIdentity>;
