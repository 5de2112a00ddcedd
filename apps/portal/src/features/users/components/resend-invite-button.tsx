import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMailForward } from '@tabler/icons-react';
import type { UserSummary } from '@clearlane/contract/users';
import { authProvider } from '../../../lib/public-config.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { useResendInvite } from '../api/resend-invite.ts';

interface ResendInviteProps {
  user: UserSummary;
  labelled?: boolean;
}

/**
 * Action on an invited user: confirm, send a fresh temporary password, say so. An icon in a list
 * row; a labelled button (`labelled`) on the user's own page. Absent with a cloud user pool: the
 * pool holds the passwords and the server refuses to send one (docs/DECISIONS.md).
 */
export function ResendInviteButton(props: ResendInviteProps) {
  return authProvider() === 'cognito' ? null : <ResendInviteAction {...props} />;
}

function ResendInviteAction({ user, labelled = false }: ResendInviteProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const resend = useResendInvite();
  const name = `${user.firstName} ${user.lastName}`;

  const confirm = async () => {
    try {
      await resend.mutateAsync(user.id);
      close();
      notify.success(`Invitation sent again to ${user.email}`);
    } catch (error) {
      close();
      notify.error(error instanceof Error ? error.message : 'The invitation could not be sent.');
    }
  };

  return (
    <>
      {labelled ? (
        <Button variant="default" leftSection={<IconMailForward size={16} aria-hidden />} onClick={open}>
          Resend invitation
        </Button>
      ) : (
        <Tooltip label="Resend invite" withArrow>
          <ActionIcon variant="light" size="lg" onClick={open} aria-label={`Resend invite to ${name}`}>
            <IconMailForward size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Modal opened={opened} onClose={close} title="Resend the invitation?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text fz="sm">
            We will email <strong>{user.email}</strong> a new temporary password. The one sent before stops working.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={resend.isPending} data-autofocus>
              Resend invite
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
