// /login: the sign-in conversation, one form per `nextStep` the identity API answers (SPEC.md §4).
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { MfaType, SignInResult, Tokens } from '@clearlane/contract/auth';
import { publicConfig } from '../../../lib/public-config.ts';
import { messageOf } from './auth-errors.ts';
import { CodeStep } from './login-steps/code-step.tsx';
import { ConfirmSignUpStep } from './login-steps/confirm-sign-up-step.tsx';
import { CredentialsStep } from './login-steps/credentials-step.tsx';
import { CustomChallengeStep } from './login-steps/custom-challenge-step.tsx';
import { MfaSelectionStep } from './login-steps/mfa-selection-step.tsx';
import { NewPasswordStep } from './login-steps/new-password-step.tsx';
import { ResetRequiredStep } from './login-steps/reset-required-step.tsx';
import { TotpSetupPanel } from '../../../components/identity/totp-setup-panel.tsx';

type Flow =
  | { step: 'CREDENTIALS'; notice: string | null; passwordStep: boolean }
  | { step: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'; session: string }
  | { step: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'; session: string; sharedSecret: string; qrCodeDataUrl: string }
  | { step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'; session: string }
  | { step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE'; session: string; destination: string }
  | { step: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION'; session: string; allowed: MfaType[] }
  | { step: 'RESET_PASSWORD'; destination: string }
  // The password typed at the first step signs in again once the account is confirmed; it lives here only.
  | { step: 'CONFIRM_SIGN_UP'; password: string }
  | { step: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE'; session: string; additionalInfo: Record<string, string> }
  | { step: 'FINISHING' };

/** The cloud user pool's hosted sign-in page, when the server configured its domain (issue 14). */
const hostedSignInAvailable = () => {
  const auth = publicConfig().auth;
  return auth.provider === 'cognito' && Boolean(auth.oauth.domain);
};
const cognito = () => import('../../../lib/cognito/index.ts');

const UNSUPPORTED = 'This sign-in step is not available in the portal. Please contact your company administrator.';

/**
 * What happens once the identity provider has handed over tokens (store them, load the user, go on
 * or hand over to the user's own host): the app shell's business, passed in by the route.
 */
export interface SignInCompletion {
  completeSignIn: (tokens: Tokens, redirectTo?: string) => Promise<void>;
  redeemHandoff: (code: string, redirectTo?: string) => Promise<void>;
}

export function LoginPage({ completeSignIn, redeemHandoff }: SignInCompletion) {
  const search = useSearch({ from: '/_public/login' });
  const navigate = useNavigate();
  const [email, setEmail] = useState(search.email ?? '');
  // ?ssoError=…: the company's identity provider sent the person back without a sign-in, and why.
  const [flow, setFlow] = useState<Flow>(() => (search.handoff || search.code ? { step: 'FINISHING' } : { step: 'CREDENTIALS', notice: search.ssoError ?? null, passwordStep: false }));
  // Bumped on every return to the first step, so it mounts afresh with its notice and focus.
  const [attempt, setAttempt] = useState(0);

  /** Back to the first step; after a password was accepted once, straight to the password. */
  const restart = (notice: string | null = null, passwordStep = true) => {
    setFlow({ step: 'CREDENTIALS', notice, passwordStep });
    setAttempt((value) => value + 1);
  };

  const finish = async (tokens: NonNullable<SignInResult['tokens']>, redirectTo = search.redirect) => {
    setFlow({ step: 'FINISHING' });
    try {
      await completeSignIn(tokens, redirectTo);
    } catch (error) {
      restart(messageOf(error, 'An error occurred while fetching user information.'));
    }
  };

  /** Moves to the form of the step the server asks for next. */
  const handleResult = async (result: SignInResult, forEmail = email, password?: string) => {
    setEmail(forEmail);
    const session = result.session ?? '';
    switch (result.nextStep) {
      case 'DONE':
        if (result.tokens) return finish(result.tokens);
        return restart('Sign-in failed. Please try again.');
      case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
        return setFlow({ step: result.nextStep, session });
      case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
        return setFlow({
          step: result.nextStep,
          session,
          sharedSecret: result.totpSetupDetails?.sharedSecret ?? '',
          qrCodeDataUrl: result.totpSetupDetails?.qrCodeDataUrl ?? '',
        });
      case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
        return setFlow({ step: result.nextStep, session });
      case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
        return setFlow({ step: result.nextStep, session, destination: result.codeDeliveryDetails?.destination ?? 'your phone' });
      case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
        return setFlow({ step: result.nextStep, session, allowed: result.allowedMfaTypes ?? ['TOTP', 'SMS'] });
      case 'RESET_PASSWORD':
        return setFlow({ step: 'RESET_PASSWORD', destination: result.codeDeliveryDetails?.destination ?? forEmail });
      case 'CONFIRM_SIGN_UP':
        // Only the first step's answer comes with the password to sign in again with.
        return password === undefined ? restart(UNSUPPORTED) : setFlow({ step: result.nextStep, password });
      case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
        return setFlow({ step: result.nextStep, session, additionalInfo: result.additionalInfo ?? {} });
      default:
        return restart(UNSUPPORTED);
    }
  };

  // ?handoff=…: another host signed us in and handed the session over; redeem the one-time code once.
  const redeemed = useRef<string | null>(null);
  useEffect(() => {
    const code = search.handoff;
    if (!code || redeemed.current === code) return;
    redeemed.current = code;
    redeemHandoff(code, search.redirect).catch((error: unknown) => {
      // The code is spent or expired: drop it from the address and let the user sign in here.
      void navigate({ to: '/login', search: { redirect: search.redirect }, replace: true });
      restart(messageOf(error, 'This sign-in link has expired. Please sign in.'), false);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per handoff code
  }, [search.handoff]);

  // ?code=&state=: back from the user pool's hosted sign-in page; the code is exchanged once.
  const exchanged = useRef<string | null>(null);
  useEffect(() => {
    const code = search.code;
    if (!code || exchanged.current === code) return;
    exchanged.current = code;
    // A code is good once: drop it from the address first, so a reload does not spend it again.
    void navigate({ to: '/login', search: { redirect: search.redirect }, replace: true });
    cognito()
      .then((module) => module.cognitoHostedUi().exchange(code, search.state))
      .then(({ tokens, redirect }) => finish(tokens, redirect ?? search.redirect))
      .catch((error: unknown) => restart(messageOf(error, 'The sign-in could not be completed. Please sign in again.'), false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per code
  }, [search.code]);

  const hostedSignIn = hostedSignInAvailable()
    ? () =>
        cognito()
          .then((module) => module.cognitoHostedUi().authorizeUrl(search.redirect))
          .then((url) => window.location.assign(url))
    : undefined;

  // The provider's refusal is shown once: a reload of the page does not show it again.
  useEffect(() => {
    if (search.ssoError) void navigate({ to: '/login', search: { redirect: search.redirect, email: search.email }, replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival from the provider
  }, []);

  const common = { onResult: (result: SignInResult) => handleResult(result), onSessionOver: (message: string) => restart(message), onRestart: () => restart() };

  switch (flow.step) {
    case 'CREDENTIALS':
      return <CredentialsStep key={attempt} initialEmail={email} notice={flow.notice} passwordStep={flow.passwordStep} redirect={search.redirect} onResult={handleResult} hostedSignIn={hostedSignIn} />;
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return <NewPasswordStep session={flow.session} email={email} policy={publicConfig().passwordPolicy} {...common} />;
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return (
        <CodeStep
          key={flow.session}
          title="Set up two-step verification"
          description="Your company requires a second step when you sign in. Link an authenticator app to your account."
          codeLabel="Code from your app"
          session={flow.session}
          submitLabel="Verify and finish"
          {...common}
        >
          <TotpSetupPanel qrCodeDataUrl={flow.qrCodeDataUrl} sharedSecret={flow.sharedSecret} />
        </CodeStep>
      );
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return (
        <CodeStep
          key={flow.session}
          title="Enter your verification code"
          description={<>Open your authenticator app and enter the 6-digit code for Clearlane ({email}).</>}
          codeLabel="Code from your app"
          session={flow.session}
          {...common}
        />
      );
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return (
        <CodeStep
          key={flow.session}
          title="Check your phone"
          description={
            <>
              We texted a 6-digit code to <strong>{flow.destination}</strong>. It expires in 10 minutes.
            </>
          }
          codeLabel="Code from the text message"
          session={flow.session}
          {...common}
        />
      );
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return <MfaSelectionStep key={flow.session} session={flow.session} allowed={flow.allowed} {...common} />;
    case 'CONFIRM_SIGN_UP':
      return <ConfirmSignUpStep email={email} password={flow.password} {...common} />;
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      return <CustomChallengeStep key={flow.session} session={flow.session} additionalInfo={flow.additionalInfo} {...common} />;
    case 'RESET_PASSWORD':
      return <ResetRequiredStep email={email} destination={flow.destination} onRestart={() => restart()} />;
    case 'FINISHING':
      return <Finishing />;
  }
}

function Finishing() {
  useDocumentTitle('Signing in · Clearlane');
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" aria-busy="true">
      <Stack align="center" gap="sm" py="md">
        <Loader aria-hidden />
        <Title order={1} fz="h3">
          Signing you in…
        </Title>
        <Text c="dimmed" fz="sm" role="status">
          Loading your account and company.
        </Text>
      </Stack>
    </Paper>
  );
}
