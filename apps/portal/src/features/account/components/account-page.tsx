// /account, "Your account": the signed-in user's password and two-step verification. With a cloud
// user pool the password is changed at the pool (ChangePassword) when the session is the pool's; its
// two-step verification stays the pool's (the server refuses to change it), so the page says where it is.
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useUserContext } from '../../../lib/current-user.ts';
import { authProvider, publicConfig } from '../../../lib/public-config.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { TwoStepSection } from './two-step-section.tsx';

/** Whether the session holds the pool's tokens (null while lib/cognito loads); a handed-over session holds our server's. */
function usePoolSession(enabled: boolean): boolean | null {
  const [poolSession, setPoolSession] = useState<boolean | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    import('../../../lib/cognito/index.ts')
      .then((cognito) => live && setPoolSession(cognito.isPoolSession()))
      .catch(() => live && setPoolSession(false));
    return () => {
      live = false;
    };
  }, [enabled]);
  return poolSession;
}

export function AccountPage() {
  useDocumentTitle('Your account · Clearlane');
  const { user } = useUserContext();
  const cognito = authProvider() === 'cognito';
  const poolSession = usePoolSession(cognito);
  const policy = publicConfig().passwordPolicy;
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>Your account</Title>
        <Text c="dimmed">
          {user.firstName} {user.lastName} · {user.email}
        </Text>
      </Stack>
      {!cognito ? (
        <>
          <ChangePasswordForm email={user.email} policy={policy} />
          <TwoStepSection />
        </>
      ) : poolSession ? (
        <>
          <ChangePasswordForm email={user.email} policy={policy} atUserPool />
          <Text>Your two-step verification is managed by your company's sign-in service, not here.</Text>
        </>
      ) : (
        poolSession === false && <Text>Your password and two-step verification are managed by your company's sign-in service, not here.</Text>
      )}
    </Stack>
  );
}
