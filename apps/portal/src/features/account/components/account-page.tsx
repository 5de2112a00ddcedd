// /account, "Your account": the signed-in user's password and two-step verification (with a cloud
// user pool both are the pool's: the server refuses to change them, so the page says where they are).
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useUserContext } from '../../../lib/current-user.ts';
import { authProvider, publicConfig } from '../../../lib/public-config.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { TwoStepSection } from './two-step-section.tsx';

export function AccountPage() {
  useDocumentTitle('Your account · Clearlane');
  const { user } = useUserContext();
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>Your account</Title>
        <Text c="dimmed">
          {user.firstName} {user.lastName} · {user.email}
        </Text>
      </Stack>
      {authProvider() === 'cognito' ? (
        <Text>Your password and two-step verification are managed by your company's sign-in service, not here.</Text>
      ) : (
        <>
          <ChangePasswordForm email={user.email} policy={publicConfig().passwordPolicy} />
          <TwoStepSection />
        </>
      )}
    </Stack>
  );
}
