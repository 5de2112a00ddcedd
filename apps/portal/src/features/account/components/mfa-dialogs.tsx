// The dialogs of two-step verification: set up an authenticator app (password → QR code → code),
// switch text messages on (password → texted code), and switch factors off (password), which with
// both factors is "reset two-step verification".
import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import type { AssociateSoftwareTokenResult, SetMfaPreferenceBody, StartSmsSetupResult } from '@clearlane/contract/account';
import { notify } from '../../../lib/toasts/notify.ts';
import { TotpSetupPanel } from '../../../components/identity/totp-setup-panel.tsx';
import { useAssociateSoftwareToken } from '../api/associate-software-token.ts';
import { useSetMfaPreference } from '../api/set-mfa-preference.ts';
import { useStartSmsSetup } from '../api/start-sms-setup.ts';
import { useVerifySmsSetup } from '../api/verify-sms-setup.ts';
import { useVerifySoftwareToken } from '../api/verify-software-token.ts';
import { isSetupOver } from './account-errors.ts';
import { CodeStep, PasswordStep } from './dialog-steps.tsx';

// A closed Mantine modal unmounts its content, so every opening starts a dialog afresh.
interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

export function TotpSetupDialog({ opened, onClose, replacing }: DialogProps & { replacing: boolean }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Set up an authenticator app" centered size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      <TotpSetupFlow onClose={onClose} replacing={replacing} />
    </Modal>
  );
}

function TotpSetupFlow({ onClose, replacing }: { onClose: () => void; replacing: boolean }) {
  const associate = useAssociateSoftwareToken();
  const verify = useVerifySoftwareToken();
  const [setup, setSetup] = useState<AssociateSoftwareTokenResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!setup) {
    return (
      <PasswordStep
        submitLabel="Continue"
        notice={notice}
        onCancel={onClose}
        onSubmit={async (password) => {
          setNotice(null);
          setSetup(await associate.mutateAsync(password));
        }}
      >
        <Text fz="sm">
          {replacing
            ? 'A new app replaces the one you use now once you enter a code from it.'
            : 'Sign-in will ask for a code from the app on your phone after your password.'}
        </Text>
      </PasswordStep>
    );
  }
  return (
    <CodeStep
      codeLabel="Code from the app"
      submitLabel="Turn on"
      onCancel={onClose}
      onSubmit={async (code) => {
        try {
          await verify.mutateAsync({ session: setup.session, code });
        } catch (caught) {
          if (!isSetupOver(caught)) throw caught;
          setNotice(caught.message);
          setSetup(null);
          return;
        }
        onClose();
        notify.success('Your authenticator app is on. Sign-in will ask for a code from it.');
      }}
    >
      <TotpSetupPanel qrCodeDataUrl={setup.qrCodeDataUrl} sharedSecret={setup.sharedSecret} />
    </CodeStep>
  );
}

export function SmsSetupDialog({ opened, onClose }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Turn on text messages" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <SmsSetupFlow onClose={onClose} />
    </Modal>
  );
}

function SmsSetupFlow({ onClose }: { onClose: () => void }) {
  const start = useStartSmsSetup();
  const verify = useVerifySmsSetup();
  const [sent, setSent] = useState<StartSmsSetupResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!sent) {
    return (
      <PasswordStep
        submitLabel="Text me a code"
        notice={notice}
        onCancel={onClose}
        onSubmit={async (password) => {
          setNotice(null);
          setSent(await start.mutateAsync(password));
        }}
      >
        <Text fz="sm">We text a code to the phone number on your account. Entering it proves the phone is yours.</Text>
      </PasswordStep>
    );
  }
  return (
    <CodeStep
      codeLabel="Code from the text message"
      codeDescription={`Sent to ${sent.codeDeliveryDetails.destination}`}
      submitLabel="Turn on"
      onCancel={onClose}
      onSubmit={async (code) => {
        try {
          await verify.mutateAsync({ session: sent.session, code });
        } catch (caught) {
          if (!isSetupOver(caught)) throw caught;
          setNotice(caught.message);
          setSent(null);
          return;
        }
        onClose();
        notify.success('Text messages are on. Sign-in will text you a code.');
      }}
    />
  );
}

interface TurnOffDialogProps extends DialogProps {
  title: string;
  explanation: string;
  confirmLabel: string;
  preference: Omit<SetMfaPreferenceBody, 'currentPassword'>;
  successMessage: string;
}

/** Switches factors off after the current password: one factor, or both (the reset). */
export function TurnOffDialog({ opened, onClose, title, explanation, confirmLabel, preference, successMessage }: TurnOffDialogProps) {
  const setPreference = useSetMfaPreference();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <PasswordStep
       
        submitLabel={confirmLabel}
        submitColor="red.9"
        onCancel={onClose}
        onSubmit={async (currentPassword) => {
          await setPreference.mutateAsync({ ...preference, currentPassword });
          onClose();
          notify.success(successMessage);
        }}
      >
        <Text fz="sm">{explanation}</Text>
      </PasswordStep>
    </Modal>
  );
}
