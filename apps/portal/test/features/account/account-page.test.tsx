// "Your account": the change-password form (fields in error, focus on the first, the server's
// refusals on their fields) and two-step verification (authenticator set-up, reset), against a
// stubbed API that records what the page sent.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MfaStatus } from '@clearlane/contract/account';
import { theme } from '../../../src/app/theme.ts';
import { ChangePasswordForm } from '../../../src/features/account/components/change-password-form.tsx';
import { TwoStepSection } from '../../../src/features/account/components/two-step-section.tsx';
import { configureHttp } from '../../../src/lib/http.ts';

const policy = { minLength: 10, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: false };

type Handler = (body: any) => { status: number; body?: unknown };
let handlers: Record<string, Handler>;
let sent: { route: string; body: any }[];
let signedOut: boolean;

function stubApi(routes: Record<string, Handler>) {
  handlers = routes;
  sent = [];
  signedOut = false;
  const fetch = async (url: string, init: RequestInit) => {
    const route = `${init.method ?? 'GET'} ${url}`;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ route, body });
    const handler = handlers[route];
    const answer = handler ? handler(body) : { status: 404, body: { status: 404, code: 'NotFound', detail: `No stub for ${route}` } };
    if (answer.status === 204) return new Response(null, { status: 204 });
    const type = answer.status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': type } });
  };
  configureHttp({ idToken: async () => 'token', onUnauthenticated: () => (signedOut = true), fetch: fetch as unknown as typeof globalThis.fetch });
}

function renderUi(ui: ReactElement) {
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

const wrongPassword = {
  status: 400,
  body: { status: 400, code: 'NotAuthorizedException', detail: 'Incorrect username or password.', errors: [{ path: 'body.currentPassword', message: 'is not your current password' }] },
};

describe('change password', { timeout: 60_000 }, () => {
  beforeEach(() => stubApi({}));

  it('an empty submit names each field and focuses the first', async () => {
    renderUi(<ChangePasswordForm email="ada@acme.test" policy={policy} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Current password/)));
    expect(sent).toEqual([]);
  });

  it('shows the policy and checks the new password against it before sending', async () => {
    renderUi(<ChangePasswordForm email="ada@acme.test" policy={policy} />);
    expect(screen.getByText('At least 10 characters')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Current password/), 'Old-password-1');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Password must contain at least 10 characters/)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^New password/)));
    expect(sent).toEqual([]);
  });

  it('puts a wrong current password on its field, focused, without signing out', async () => {
    stubApi({ 'POST /api/v1/auth/change-password': () => wrongPassword });
    renderUi(<ChangePasswordForm email="ada@acme.test" policy={policy} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Current password/), 'Not-mine-1');
    await user.type(screen.getByLabelText(/^New password/), 'Brand-new-password-9');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Brand-new-password-9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('That is not your current password.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Current password/)));
    expect(signedOut).toBe(false);
  });

  it('sends the current and the new password, then empties the form', async () => {
    stubApi({ 'POST /api/v1/auth/change-password': () => ({ status: 204 }) });
    renderUi(<ChangePasswordForm email="ada@acme.test" policy={policy} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Current password/), 'Old-password-1');
    await user.type(screen.getByLabelText(/^New password/), 'Brand-new-password-9');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Brand-new-password-9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveValue(''));
    expect(sent).toEqual([{ route: 'POST /api/v1/auth/change-password', body: { currentPassword: 'Old-password-1', newPassword: 'Brand-new-password-9' } }]);
  });
});

describe('two-step verification', { timeout: 60_000 }, () => {
  const off: MfaStatus = { totpEnabled: false, smsEnabled: false, phoneNumber: null, required: true };

  it('sets up an authenticator app: password, QR code and key, then the code switches it on', async () => {
    let status = off;
    stubApi({
      'GET /api/v1/auth/mfa': () => ({ status: 200, body: status }),
      'POST /api/v1/auth/mfa/totp/associate': (body) =>
        body.currentPassword === 'Right-password-1'
          ? { status: 200, body: { session: 'setup-1', sharedSecret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Clearlane:ada', qrCodeDataUrl: 'data:image/png;base64,AA==' } }
          : wrongPassword,
      'POST /api/v1/auth/mfa/totp/verify': (body) => {
        if (body.code !== '123456') return { status: 400, body: { status: 400, code: 'CodeMismatchException', detail: 'Invalid code received, please try again.', errors: [{ path: 'body.code', message: 'is not the right code' }] } };
        status = { ...status, totpEnabled: true };
        return { status: 200, body: status };
      },
    });
    renderUi(<TwoStepSection />);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(/your next sign-in will ask you to set it up/)).toBeInTheDocument();
    expect(screen.getByText('No phone number on your account. A company administrator can add one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Current password is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Wrong-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('That is not your current password.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Current password/)));
    await user.clear(within(dialog).getByLabelText(/^Current password/));
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Right-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/png;base64,AA==');
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(within(dialog).getByLabelText('Code from the app, digit 1 of 6'), '654321');
    expect(await within(dialog).findByText('Invalid code received, please try again.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Code from the app, digit 1 of 6'), '123456');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((call) => call.route.endsWith('/verify')).map((call) => call.body)).toEqual([
      { session: 'setup-1', code: '654321' },
      { session: 'setup-1', code: '123456' },
    ]);
    expect(await screen.findByRole('button', { name: 'Replace authenticator app' })).toBeInTheDocument();
  });

  it('turns text messages on with the texted code; an expired set-up starts again at the password', async () => {
    let status: MfaStatus = { totpEnabled: false, smsEnabled: false, phoneNumber: '+*******0123', required: false };
    let starts = 0;
    stubApi({
      'GET /api/v1/auth/mfa': () => ({ status: 200, body: status }),
      'POST /api/v1/auth/mfa/sms/associate': () => ({ status: 200, body: { session: `sms-${++starts}`, codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+*******0123' } } }),
      'POST /api/v1/auth/mfa/sms/verify': (body) => {
        if (body.session === 'sms-1') {
          return { status: 400, body: { status: 400, code: 'ExpiredCodeException', detail: 'Too many wrong codes. Start the set-up again.', errors: [{ path: 'body.session', message: 'is expired or finished; start the set-up again' }] } };
        }
        status = { ...status, smsEnabled: true };
        return { status: 200, body: status };
      },
    });
    renderUi(<TwoStepSection />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Turn on text messages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on text messages' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Right-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Text me a code' }));
    expect(await within(dialog).findByText('Sent to +*******0123')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Code from the text message, digit 1 of 6'), '123456');

    // The set-up is over: back to the password, saying why.
    expect(await within(dialog).findByText('Too many wrong codes. Start the set-up again.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Right-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Text me a code' }));
    await user.type(await within(dialog).findByLabelText('Code from the text message, digit 1 of 6'), '123456');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Turn off text messages' })).toBeInTheDocument();
    expect(sent.filter((call) => call.route.endsWith('/sms/verify')).map((call) => call.body.session)).toEqual(['sms-1', 'sms-2']);
  });

  it('resets two-step verification after a confirmation with the current password', async () => {
    let status: MfaStatus = { totpEnabled: true, smsEnabled: true, phoneNumber: '+*******0123', required: false };
    stubApi({
      'GET /api/v1/auth/mfa': () => ({ status: 200, body: status }),
      'POST /api/v1/auth/mfa/preference': () => {
        status = { ...status, totpEnabled: false, smsEnabled: false };
        return { status: 200, body: status };
      },
    });
    renderUi(<TwoStepSection />);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Codes texted to +*******0123.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset two-step verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step verification?' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Right-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-step verification' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((call) => call.route.endsWith('/preference'))).toEqual({ route: 'POST /api/v1/auth/mfa/preference', body: { totpEnabled: false, smsEnabled: false, currentPassword: 'Right-password-1' } });
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset two-step verification' })).not.toBeInTheDocument();
  });
});
