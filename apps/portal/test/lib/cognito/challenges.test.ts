// @vitest-environment node
// The user-pool answers cognito-local cannot give (SMS_MFA, MFA_SETUP, CUSTOM_CHALLENGE,
// PasswordResetRequiredException, NewDeviceMetadata), mapped onto SPEC.md §4's steps: the adapter
// talks to a scripted fetch that records every request.
import { describe, expect, it } from 'vitest';
import { createDiffieHellman, createHash, getDiffieHellman } from 'node:crypto';
import type { ApiError } from '../../../src/lib/api-error.ts';
import { deviceSecretVerifier, localDeviceStore, padHex } from '../../../src/lib/cognito/devices.ts';
import { createUserPoolIdentity } from '../../../src/lib/cognito/user-pool-identity.ts';
import { TEST_COGNITO_AUTH } from '../../public-config.ts';

const config = TEST_COGNITO_AUTH;

const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
const RESULT = { AccessToken: jwt({ exp: Math.floor(Date.now() / 1000) + 3600 }), IdToken: jwt({ sub: 'u1' }), RefreshToken: 'refresh-1', ExpiresIn: 3600, TokenType: 'Bearer' };

type Answer = { status?: number; body: unknown };

/** A fetch that answers each X-Amz-Target from a script, in order, and records the requests. */
function scripted(script: Record<string, Answer[]>) {
  const requests: { target: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const fetch = (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const target = headers['X-Amz-Target']!;
    requests.push({ target, body: JSON.parse(String(init.body)) as Record<string, unknown>, headers });
    expect(url).toBe(`${config.userPoolEndpoint}/`);
    const answer = script[target.split('.')[1]!]?.shift();
    if (!answer) throw new Error(`unscripted call ${target}`);
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/x-amz-json-1.1' } }));
  };
  return { fetch, requests };
}

describe('user-pool challenges → sign-in steps', () => {
  it('SMS_MFA → CONFIRM_SIGN_IN_WITH_SMS_CODE, answered with SMS_MFA_CODE', async () => {
    const { fetch, requests } = scripted({
      InitiateAuth: [{ body: { ChallengeName: 'SMS_MFA', Session: 's1', ChallengeParameters: { CODE_DELIVERY_DESTINATION: '+*******1234', USER_ID_FOR_SRP: 'uuid-1' } } }],
      RespondToAuthChallenge: [{ body: { AuthenticationResult: RESULT } }],
    });
    const adapter = createUserPoolIdentity(config, { fetch });
    const step = await adapter.signIn('a@acme.test', 'pw');
    expect(step).toMatchObject({ nextStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+*******1234' } });
    expect(requests[0]).toMatchObject({
      target: 'AWSCognitoIdentityProviderService.InitiateAuth',
      headers: { 'Content-Type': 'application/x-amz-json-1.1' },
      body: { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'client-1', AuthParameters: { USERNAME: 'a@acme.test', PASSWORD: 'pw' } },
    });
    const done = await adapter.confirmSignIn(step.session!, ' 123456 ');
    expect(done).toMatchObject({ nextStep: 'DONE', tokens: { refreshToken: 'refresh-1', expiresIn: 3600 } });
    expect(requests[1]!.body).toEqual({ ChallengeName: 'SMS_MFA', ClientId: 'client-1', Session: 's1', ChallengeResponses: { USERNAME: 'uuid-1', SMS_MFA_CODE: '123456' } });
  });

  it('MFA_SETUP → CONTINUE_SIGN_IN_WITH_TOTP_SETUP through AssociateSoftwareToken and VerifySoftwareToken', async () => {
    const { fetch, requests } = scripted({
      InitiateAuth: [{ body: { ChallengeName: 'MFA_SETUP', Session: 's1', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } } }],
      AssociateSoftwareToken: [{ body: { SecretCode: 'JBSWY3DPEHPK3PXP', Session: 's2' } }],
      VerifySoftwareToken: [{ body: { Status: 'ERROR', Session: 's3' } }, { body: { Status: 'SUCCESS', Session: 's4' } }],
      RespondToAuthChallenge: [{ body: { AuthenticationResult: RESULT } }],
    });
    const adapter = createUserPoolIdentity(config, { fetch });
    const step = await adapter.signIn('a@acme.test', 'pw');
    expect(step).toMatchObject({ nextStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', totpSetupDetails: { sharedSecret: 'JBSWY3DPEHPK3PXP', qrCodeDataUrl: '' } });
    expect(step.totpSetupDetails!.otpauthUri).toBe('otpauth://totp/Clearlane%3Aa%40acme.test?secret=JBSWY3DPEHPK3PXP&issuer=Clearlane');
    await expect(adapter.confirmSignIn(step.session!, '111111')).rejects.toMatchObject({ code: 'CodeMismatchException' });
    expect((await adapter.confirmSignIn(step.session!, '222222')).nextStep).toBe('DONE');
    expect(requests.map((request) => request.target.split('.')[1])).toEqual(['InitiateAuth', 'AssociateSoftwareToken', 'VerifySoftwareToken', 'VerifySoftwareToken', 'RespondToAuthChallenge']);
    expect(requests[1]!.body).toEqual({ Session: 's1' });
    expect(requests[3]!.body).toMatchObject({ Session: 's2', UserCode: '222222' });
    expect(requests[4]!.body).toEqual({ ChallengeName: 'MFA_SETUP', ClientId: 'client-1', Session: 's4', ChallengeResponses: { USERNAME: 'a@acme.test' } });
  });

  it('CUSTOM_CHALLENGE → CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE (ANSWER); NEW_PASSWORD_REQUIRED answers NEW_PASSWORD', async () => {
    const { fetch, requests } = scripted({
      InitiateAuth: [{ body: { ChallengeName: 'CUSTOM_CHALLENGE', Session: 's1', ChallengeParameters: { USERNAME: 'uuid-2', question: 'Favourite colour?' } } }],
      RespondToAuthChallenge: [{ body: { ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's2', ChallengeParameters: { USER_ID_FOR_SRP: 'uuid-2' } } }, { body: { AuthenticationResult: RESULT } }],
    });
    const adapter = createUserPoolIdentity(config, { fetch });
    const step = await adapter.signIn('a@acme.test', 'pw');
    expect(step.nextStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    // The challenge's public parameters, without the pool's USERNAME.
    expect(step.additionalInfo).toEqual({ question: 'Favourite colour?' });
    const next = await adapter.confirmSignIn(step.session!, 'blue');
    expect(next.nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    await adapter.confirmSignIn(next.session!, 'New-password-1');
    expect(requests[1]!.body).toMatchObject({ ChallengeName: 'CUSTOM_CHALLENGE', ChallengeResponses: { USERNAME: 'uuid-2', ANSWER: 'blue' } });
    expect(requests[2]!.body).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED', ChallengeResponses: { USERNAME: 'uuid-2', NEW_PASSWORD: 'New-password-1' } });
  });

  it('PasswordResetRequiredException → RESET_PASSWORD, the code already sent with ForgotPassword', async () => {
    const { fetch, requests } = scripted({
      InitiateAuth: [{ status: 400, body: { __type: 'PasswordResetRequiredException', message: 'Password reset required for the user' } }],
      ForgotPassword: [{ body: { CodeDeliveryDetails: { Destination: 'a***@acme.test', DeliveryMedium: 'EMAIL', AttributeName: 'email' } } }],
    });
    const step = await createUserPoolIdentity(config, { fetch }).signIn('a@acme.test', 'pw');
    expect(step).toEqual({ nextStep: 'RESET_PASSWORD', codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@acme.test' } });
    expect(requests[1]!.body).toEqual({ ClientId: 'client-1', Username: 'a@acme.test' });
  });

  it('CONFIRM_SIGN_UP: ResendConfirmationCode sends a new code and says where; ConfirmSignUp sends the code', async () => {
    const { fetch, requests } = scripted({
      ResendConfirmationCode: [{ body: { CodeDeliveryDetails: { Destination: 'a***@acme.test', DeliveryMedium: 'EMAIL', AttributeName: 'email' } } }],
      ConfirmSignUp: [{ status: 400, body: { __type: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' } }, { body: {} }],
    });
    const adapter = createUserPoolIdentity(config, { fetch });
    expect(await adapter.resendSignUpCode('a@acme.test')).toEqual({ codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@acme.test' } });
    await expect(adapter.confirmSignUp('a@acme.test', '111111')).rejects.toMatchObject({ code: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' });
    expect(await adapter.confirmSignUp('a@acme.test', ' 222222 ')).toEqual({ nextStep: 'DONE' });
    expect(requests.map((request) => request.body)).toEqual([
      { ClientId: 'client-1', Username: 'a@acme.test' },
      { ClientId: 'client-1', Username: 'a@acme.test', ConfirmationCode: '111111' },
      { ClientId: 'client-1', Username: 'a@acme.test', ConfirmationCode: '222222' },
    ]);
  });

  it('ChangePassword: a wrong previous password (NotAuthorizedException) names the current-password field; others pass through', async () => {
    const { fetch, requests } = scripted({
      ChangePassword: [
        { status: 400, body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' } },
        { status: 400, body: { __type: 'InvalidPasswordException', message: 'Password does not conform to policy: Password must have symbol characters' } },
        { body: {} },
      ],
    });
    const adapter = createUserPoolIdentity(config, { fetch });
    const wrong = (await adapter.changePassword('access-1', 'old', 'New-password-1').catch((caught: unknown) => caught)) as ApiError;
    expect(wrong).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(wrong.fieldMessage('currentPassword')).toBe('Incorrect username or password.');
    const weak = (await adapter.changePassword('access-1', 'old', 'weak').catch((caught: unknown) => caught)) as ApiError;
    expect(weak.code).toBe('InvalidPasswordException');
    expect(weak.fieldMessage('currentPassword')).toBeUndefined();
    await adapter.changePassword('access-1', 'old', 'New-password-1');
    expect(requests[2]).toMatchObject({ target: 'AWSCognitoIdentityProviderService.ChangePassword', body: { AccessToken: 'access-1', PreviousPassword: 'old', ProposedPassword: 'New-password-1' } });
  });

  it('an unsupported challenge (DEVICE_SRP_AUTH) is refused by name', async () => {
    const { fetch } = scripted({ InitiateAuth: [{ body: { ChallengeName: 'DEVICE_SRP_AUTH', Session: 's1' } }] });
    await expect(createUserPoolIdentity(config, { fetch }).signIn('a@acme.test', 'pw')).rejects.toMatchObject({ name: 'UnsupportedChallengeException' });
  });
});

describe('device metadata', () => {
  it('confirms a new device, remembers its three parts per user, and sends DEVICE_KEY afterwards (sign-in and refresh)', async () => {
    const storage = new Map<string, string>();
    const devices = localDeviceStore('client-1', { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value), removeItem: (key) => void storage.delete(key) });
    const { fetch, requests } = scripted({
      InitiateAuth: [{ body: { AuthenticationResult: { ...RESULT, NewDeviceMetadata: { DeviceKey: 'eu-west-1_device', DeviceGroupKey: '-group' } } } }, { body: { AuthenticationResult: RESULT } }],
      ConfirmDevice: [{ body: { UserConfirmationNecessary: false } }],
      GetTokensFromRefreshToken: [{ body: { AuthenticationResult: { AccessToken: RESULT.AccessToken, IdToken: RESULT.IdToken, ExpiresIn: 3600, TokenType: 'Bearer' } } }],
    });
    const adapter = createUserPoolIdentity(config, { fetch, devices });
    expect((await adapter.signIn('a@acme.test', 'pw')).nextStep).toBe('DONE');
    const confirm = requests[1]!;
    expect(confirm.target).toBe('AWSCognitoIdentityProviderService.ConfirmDevice');
    const verifier = confirm.body.DeviceSecretVerifierConfig as { PasswordVerifier: string; Salt: string };
    expect(Buffer.from(verifier.PasswordVerifier, 'base64').length).toBeGreaterThanOrEqual(383);
    expect(Buffer.from(verifier.Salt, 'base64').length).toBeGreaterThanOrEqual(16);
    const remembered = devices.get('a@acme.test');
    expect(remembered).toMatchObject({ deviceKey: 'eu-west-1_device', deviceGroupKey: '-group' });
    expect(remembered!.randomPassword.length).toBeGreaterThan(40);

    await adapter.signIn('A@acme.test', 'pw');
    expect(requests[2]!.body).toMatchObject({ AuthParameters: { DEVICE_KEY: 'eu-west-1_device' } });
    const refreshed = await adapter.refresh('refresh-1', 'a@acme.test');
    expect(requests[3]!.body).toEqual({ RefreshToken: 'refresh-1', ClientId: 'client-1', DeviceKey: 'eu-west-1_device' });
    expect(refreshed.refreshToken).toBe('refresh-1');
  });

  it('makes the ConfirmDevice verifier as Amplify does: g^H(salt | H(groupKey deviceKey:password)) mod N (RFC 3526 3072-bit)', async () => {
    let counter = 0;
    const random = (n: number) => Uint8Array.from({ length: n }, () => (counter++ * 37) % 256);
    const { randomPassword, config: verifier } = await deviceSecretVerifier('dk', 'gk', random);
    const salt = Buffer.from(verifier.Salt, 'base64').toString('hex');
    const hashed = createHash('sha256').update(`gkdk:${randomPassword}`).digest('hex');
    const x = createHash('sha256').update(Buffer.from(salt + hashed, 'hex')).digest();
    // Node's Diffie-Hellman computes g^private mod p: an independent check of the modular power.
    const dh = createDiffieHellman(getDiffieHellman('modp15').getPrime(), Buffer.from([2]));
    dh.setPrivateKey(x);
    dh.generateKeys();
    const expected = padHex(BigInt(`0x${dh.getPublicKey('hex')}`));
    expect(Buffer.from(verifier.PasswordVerifier, 'base64').toString('hex')).toBe(expected);
  });

  it('forgets device metadata that lacks a part', () => {
    const storage = new Map([['clearlane.cognito.client-1.a@acme.test.device', JSON.stringify({ deviceKey: 'k', deviceGroupKey: 'g' })]]);
    const devices = localDeviceStore('client-1', { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value), removeItem: (key) => void storage.delete(key) });
    expect(devices.get('a@acme.test')).toBeNull();
    expect(storage.size).toBe(0);
  });
});
