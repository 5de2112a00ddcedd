import { Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../auth-card.tsx';
import { StepFooter } from './step-footer.tsx';

/** RESET_PASSWORD: the server has already mailed a code; the reset form takes it from here. */
export function ResetRequiredStep({ email, destination, onRestart }: { email: string; destination: string; onRestart: () => void }) {
  const navigate = useNavigate();
  return (
    <AuthCard title="Reset your password" description="Your password must be reset before you can sign in.">
      <Stack gap="md">
        <Text fz="sm">
          For your security, your administrator asked for a new password on this account. We sent a 6-digit code to{' '}
          <Text span fw={600}>
            {destination}
          </Text>
          . Enter it on the next page together with your new password.
        </Text>
        <Button onClick={() => void navigate({ to: '/forgotPassword', search: { email, step: 'code' } })} leftSection={<IconMailForward size={18} aria-hidden />} fullWidth autoFocus>
          Enter the code
        </Button>
        <StepFooter onRestart={onRestart} />
      </Stack>
    </AuthCard>
  );
}
