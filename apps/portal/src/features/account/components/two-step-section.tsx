// Two-step verification on "Your account": what is on, set up an authenticator app, text messages
// on or off (with a phone number on the account), and reset, each through its dialog.
import { Alert, Badge, Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconDeviceMobileMessage, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { MfaStatus } from '@clearlane/contract/account';
import { useMfaStatus } from '../api/get-mfa-status.ts';
import { messageOf } from './account-errors.ts';
import { SmsSetupDialog, TotpSetupDialog, TurnOffDialog } from './mfa-dialogs.tsx';

function OnOff({ on }: { on: boolean }) {
  return (
    <Badge color={on ? 'teal.9' : 'gray.7'} variant={on ? 'filled' : 'outline'}>
      {on ? 'On' : 'Off'}
    </Badge>
  );
}

function FactorRow({ icon, title, description, on, children }: { icon: ReactNode; title: string; description: ReactNode; on: boolean; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
      <Group align="flex-start" gap="sm" wrap="nowrap" style={{ flex: '1 1 260px' }}>
        <span style={{ display: 'flex', flex: 'none' }}>{icon}</span>
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            <OnOff on={on} />
          </Group>
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}

export function TwoStepSection() {
  const status = useMfaStatus();
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="two-step-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3" id="two-step-title">
            Two-step verification
          </Title>
          <Text fz="sm" c="dimmed">
            After your password, sign-in asks for a code from your phone, so a stolen password alone does not open your account.
          </Text>
        </Stack>
        {status.isPending && <Skeleton h={120} aria-label="Loading two-step verification" />}
        {status.isError && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            {messageOf(status.error, 'Two-step verification could not be loaded.')}
          </Alert>
        )}
        {status.data && <Factors status={status.data} />}
      </Stack>
    </Paper>
  );
}

function Factors({ status }: { status: MfaStatus }) {
  const [totpOpen, totp] = useDisclosure(false);
  const [smsOpen, sms] = useDisclosure(false);
  const [smsOffOpen, smsOff] = useDisclosure(false);
  const [resetOpen, reset] = useDisclosure(false);
  const anyOn = status.totpEnabled || status.smsEnabled;

  return (
    <>
      {status.required && !anyOn && (
        <Alert color="orange.9" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          Your company requires two-step verification: your next sign-in will ask you to set it up.
        </Alert>
      )}
      <FactorRow
        icon={<IconShieldLock size={24} aria-hidden />}
        title="Authenticator app"
        description="Codes from an app such as Google Authenticator, Microsoft Authenticator or 1Password."
        on={status.totpEnabled}
      >
        <Button variant={status.totpEnabled ? 'default' : 'filled'} onClick={totp.open}>
          {status.totpEnabled ? 'Replace authenticator app' : 'Set up authenticator app'}
        </Button>
      </FactorRow>
      <Divider />
      <FactorRow
        icon={<IconDeviceMobileMessage size={24} aria-hidden />}
        title="Text messages"
        description={status.phoneNumber ? `Codes texted to ${status.phoneNumber}.` : 'No phone number on your account. A company administrator can add one.'}
        on={status.smsEnabled}
      >
        {status.phoneNumber &&
          (status.smsEnabled ? (
            <Button variant="default" onClick={smsOff.open}>
              Turn off text messages
            </Button>
          ) : (
            <Button variant="default" onClick={sms.open}>
              Turn on text messages
            </Button>
          ))}
      </FactorRow>
      {anyOn && (
        <>
          <Divider />
          <Group justify="space-between" gap="md">
            <Text fz="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
              Lost your phone? Resetting removes your authenticator app and text messages.
              {status.required ? ' Your company requires two-step verification, so your next sign-in will ask you to set it up again.' : ''}
            </Text>
            <Button color="red.9" variant="outline" onClick={reset.open}>
              Reset two-step verification
            </Button>
          </Group>
        </>
      )}

      <TotpSetupDialog opened={totpOpen} onClose={totp.close} replacing={status.totpEnabled} />
      <SmsSetupDialog opened={smsOpen} onClose={sms.close} />
      <TurnOffDialog
        opened={smsOffOpen}
        onClose={smsOff.close}
        title="Turn off text messages?"
        explanation="Sign-in will no longer text you a code."
        confirmLabel="Turn off text messages"
        preference={{ smsEnabled: false }}
        successMessage="Text messages are off."
      />
      <TurnOffDialog
        opened={resetOpen}
        onClose={reset.close}
        title="Reset two-step verification?"
        explanation={
          status.required
            ? 'Your authenticator app and text messages are removed. Your company requires two-step verification: your next sign-in will ask you to set it up again.'
            : 'Your authenticator app and text messages are removed. Sign-in will ask only for your password until you set one up again.'
        }
        confirmLabel="Reset two-step verification"
        preference={{ totpEnabled: false, smsEnabled: false }}
        successMessage="Two-step verification was reset."
      />
    </>
  );
}
