// /users/{id}: one user of the company — status, role, whether they are enabled here, two-step
// verification and last sign-in; a Company Admin (manage User) changes the role, disables (after
// confirming) or enables them, and resends an invitation. The route's loader has fetched the user
// (another company's user is a 404 and shows the error page). The server decides every change;
// its refusals (the last Company Admin, for one) are shown as it words them.
import { Alert, Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ROLE_NAMES, type RoleName } from '@clearlane/contract/enums';
import type { UpdateUserBody, UserSummary } from '@clearlane/contract/users';
import { notify } from '../../../lib/toasts/notify.ts';
import { Can } from '../../../lib/ability.tsx';
import { userContextQueryKey, useUserContext } from '../../../lib/current-user.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { ResendInviteButton } from './resend-invite-button.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';
import { Detail } from '../../../components/detail.tsx';
import { DetailHeader } from '../../../components/detail-header.tsx';

const routeApi = getRouteApi('/_authenticated/users/$id');

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const FACTOR_LABELS = { TOTP: 'Authenticator app', SMS: 'Text messages' } as const;


function When({ value, empty }: { value: string | null; empty: string }) {
  if (!value) {
    return (
      <Text span fz="sm" c="dimmed" fw={400}>
        {empty}
      </Text>
    );
  }
  return <time dateTime={value}>{dateTime.format(new Date(value))}</time>;
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

export function UserPage() {
  const { id } = routeApi.useParams();
  return <UserDetails id={id} />;
}

export function UserDetails({ id }: { id: string }) {
  const { data: user } = useUser(id);
  const { user: me } = useUserContext();
  const name = `${user.firstName} ${user.lastName}`;
  const isMe = user.id === me.id;
  useDocumentTitle(`${name} · Clearlane`);

  const update = useUpdateUser();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);

  /** Sends one change; says what happened in a toast, and keeps a refusal on the page until the next try. */
  const change = async (body: UpdateUserBody, done: string, fallback: string): Promise<boolean> => {
    setRefusal(null);
    try {
      await update.mutateAsync({ id: user.id, body });
      // Changing one's own role changes what this page (and the menu) may offer.
      if (isMe) await queryClient.invalidateQueries({ queryKey: userContextQueryKey });
      notify.success(done);
      return true;
    } catch (error) {
      const message = messageOf(error, fallback);
      setRefusal(message);
      notify.error(message);
      return false;
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <DetailHeader
        trail={[{ label: 'Users', to: '/users' }]}
        current={name}
        title={name}
        badges={
          <>
            <Text fz="sm">{user.email}</Text>
            <UserStatusBadge status={user.status} />
            {isMe && (
              <Badge variant="outline" color="gray.7">
                You
              </Badge>
            )}
          </>
        }
        actions={
          <Can I="manage" a="User">
            {user.status === 'INVITED' && user.enabled && <ResendInviteButton user={user} labelled />}
            {user.enabled ? (
              <DisableButton user={user} isMe={isMe} companyName={me.companyName} pending={update.isPending} onConfirm={() => change({ enabled: false }, `${name} is disabled and signed out of ${me.companyName}.`, `${name} could not be disabled.`)} />
            ) : (
              <Button
                leftSection={<IconUserCheck size={16} aria-hidden />}
                loading={update.isPending && update.variables?.body.enabled === true}
                onClick={() => void change({ enabled: true }, `${name} is enabled and can sign in again.`, `${name} could not be enabled.`)}
              >
                Enable user
              </Button>
            )}
          </Can>
        }
      />

      {refusal && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The change was not made" withCloseButton closeButtonLabel="Dismiss" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}

      {!user.enabled && (
        <Alert color="gray" variant="light" title="Disabled in this company">
          {name} cannot sign in to {me.companyName} until a Company Admin enables them again. Other companies they belong to are not affected.
        </Alert>
      )}

      <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="user-details-heading">
        <Stack gap="md">
          <Title order={2} size="h4" id="user-details-heading">
            Details
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md" m={0}>
            <Detail term="Email">{user.email}</Detail>
            <Detail term="Role">{user.role}</Detail>
            <Detail term="Status">
              <UserStatusBadge status={user.status} />
            </Detail>
            <Detail term="Enabled">{user.enabled ? 'Yes' : `No, disabled in ${me.companyName}`}</Detail>
            <Detail term="Two-step verification">
              {user.mfaFactors.length > 0 ? user.mfaFactors.map((factor) => FACTOR_LABELS[factor]).join(', ') : <Text span fz="sm" c="dimmed" fw={400}>Not set up</Text>}
            </Detail>
            <Detail term="Last sign-in">
              <When value={user.lastSignInAt} empty="Never" />
            </Detail>
            <Detail term="Invited">
              <When value={user.invitedAt} empty="Added by an operator" />
            </Detail>
            <Detail term="Member since">
              <When value={user.createdAt} empty="Unknown" />
            </Detail>
          </SimpleGrid>
        </Stack>
      </Paper>

      <Can I="manage" a="User">
        <RoleSection key={user.role} user={user} isMe={isMe} pending={update.isPending} onChange={(role) => change({ role }, `${name} is now ${articleFor(role)} ${role}.`, `The role of ${name} could not be changed.`)} />
      </Can>
    </Stack>
  );
}

const articleFor = (role: RoleName) => (/^[AEIOU]/.test(role) ? 'an' : 'a');

/** "Disable user", confirmed in a dialog that says what disabling does. */
function DisableButton({ user, isMe, companyName, pending, onConfirm }: { user: UserSummary; isMe: boolean; companyName: string; pending: boolean; onConfirm: () => Promise<boolean> }) {
  const [opened, { open, close }] = useDisclosure(false);
  const name = `${user.firstName} ${user.lastName}`;
  const confirm = async () => {
    await onConfirm();
    close();
  };
  return (
    <>
      <Button color="red.9" variant="outline" leftSection={<IconUserOff size={16} aria-hidden />} onClick={open}>
        Disable user
      </Button>
      <Modal opened={opened} onClose={close} title={isMe ? 'Disable your own account?' : `Disable ${name}?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text fz="sm">
            {isMe ? 'You' : name} will be signed out of {companyName} at once and cannot sign in here until a Company Admin enables {isMe ? 'you' : 'them'} again.
            Other companies {isMe ? 'you belong' : 'they belong'} to are not affected.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={pending} data-autofocus>
              Disable user
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The role, with a labelled select and a button that is enabled once another role is chosen. */
function RoleSection({ user, isMe, pending, onChange }: { user: UserSummary; isMe: boolean; pending: boolean; onChange: (role: RoleName) => Promise<boolean> }) {
  const [role, setRole] = useState<RoleName>(user.role);
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="user-role-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="user-role-heading">
          Role
        </Title>
        <Text fz="sm" c="dimmed">
          The role decides what {isMe ? 'you' : `${user.firstName}`} may see and do in this company. A change applies to {isMe ? 'your' : 'their'} next request; no new sign-in is needed.
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void onChange(role);
          }}
        >
          <Group align="flex-end" gap="sm">
            <Select
              label="Role"
              data={ROLE_NAMES.map((value) => ({ value, label: value }))}
              value={role}
              onChange={(value) => value && setRole(value as RoleName)}
              allowDeselect={false}
              w={{ base: '100%', xs: 240 }}
            />
            <Button type="submit" disabled={role === user.role} loading={pending && role !== user.role}>
              Change role
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
