// /users: the company's users. Search, filters, sort and page live in the URL (users-search.ts).
import { Anchor, Button, Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldCheck, IconShieldOff, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { UserSummary } from '@clearlane/contract/users';
import { Can } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useUsers } from '../api/get-users.ts';
import { ROLE_OPTIONS, STATUS_OPTIONS, USER_FILTER_KEYS, usersQueryOf, type UserSortKey, type UsersSearch } from '../users-search.ts';
import { ResendInviteButton } from './resend-invite-button.tsx';
import { filterWidth, ListFilters, ListHeader } from '../../../components/list-view/list-filters.tsx';
import { ListTable, type ListColumn } from '../../../components/list-view/list-table.tsx';
import { useListView } from '../../../components/list-view/use-list-view.ts';
import { STATUS_LABELS, UserStatusBadge } from './user-status-badge.tsx';

const routeApi = getRouteApi('/_authenticated/users/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, UserSortKey> = {
  name: 'firstName',
  email: 'email',
  role: 'role',
  status: 'status',
  lastSignInAt: 'lastSignInAt',
  invitedAt: 'createdAt',
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function When({ value, format, empty }: { value: string | null; format: Intl.DateTimeFormat; empty: string }) {
  if (!value) {
    return (
      <Text span fz="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <time dateTime={value} title={dateTime.format(new Date(value))} style={format === date ? { whiteSpace: 'nowrap' } : undefined}>
      {format.format(new Date(value))}
    </time>
  );
}

export function UsersPage() {
  useDocumentTitle('Users · Clearlane');
  const search = routeApi.useSearch();
  const context = useUserContext();
  const query = usersQueryOf(search);
  const users = useUsers(query);
  const list = useListView<UsersSearch>({ search, sort: query.sort, sortFields: SORT_FIELD_OF, filterKeys: USER_FILTER_KEYS });

  const columns: ListColumn<UserSummary>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (user) => (
        <Group gap={6} wrap="nowrap">
          {/* The user's page shows everything about them and holds the changes (role, disable, enable). */}
          <Anchor renderRoot={(props) => <Link {...props} to="/users/$id" params={{ id: user.id }} />} fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {user.firstName} {user.lastName}
          </Anchor>
          {user.id === context.user.id && (
            <Text span fz="xs" c="dimmed">
              (you)
            </Text>
          )}
        </Group>
      ),
    },
    { accessor: 'email', title: 'Email', sortable: true, wideOnly: true },
    { accessor: 'role', title: 'Role', sortable: true },
    { accessor: 'status', title: 'Status', sortable: true, render: (user) => <UserStatusBadge status={user.status} /> },
    {
      accessor: 'mfaEnabled',
      wideOnly: true,
      // Two lines, so the table fits beside the navigation without scrolling.
      title: <span style={{ display: 'block', whiteSpace: 'normal', lineHeight: 1.25 }}>Two-step verification</span>,
      width: 120,
      render: (user) =>
        user.mfaEnabled ? (
          <Group gap={4} wrap="nowrap">
            <IconShieldCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
            <Text span fz="sm">
              On
            </Text>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap">
            <IconShieldOff size={16} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text span fz="sm" c="dimmed">
              Off
            </Text>
          </Group>
        ),
    },
    { accessor: 'lastSignInAt', title: 'Last sign-in', sortable: true, wideOnly: true, render: (user) => <When value={user.lastSignInAt} format={dateTime} empty="Never" /> },
    { accessor: 'invitedAt', title: 'Invited', sortable: true, wideOnly: true, render: (user) => <When value={user.invitedAt} format={date} empty="—" /> },
    {
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 64,
      textAlign: 'center',
      render: (user) =>
        user.status === 'INVITED' ? (
          <Can I="create" a="User">
            <ResendInviteButton user={user} />
          </Can>
        ) : null,
    },
  ];
  return (
    <Stack gap="lg">
      <ListHeader
        title="Users"
        description={`People who can sign in to ${context.user.companyName}.`}
        action={
          <Can I="create" a="User">
            <Button component={Link} to="/users/add-user" leftSection={<IconUserPlus size={18} aria-hidden />}>
              Invite user
            </Button>
          </Can>
        }
      />
      <ListFilters list={list} label="Filter users" searchPlaceholder="Name or email">
        <Select
          label="Role"
          placeholder="All roles"
          data={[...ROLE_OPTIONS]}
          value={search.role ?? null}
          onChange={(value) => list.setSearch({ role: (value as UsersSearch['role']) ?? undefined })}
          clearable
          w={filterWidth(180)}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={STATUS_OPTIONS.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          value={search.status ?? null}
          onChange={(value) => list.setSearch({ status: (value as UsersSearch['status']) ?? undefined })}
          clearable
          w={filterWidth(160)}
        />
      </ListFilters>
      <ListTable
        linksToDetails
        list={list}
        result={users}
        columns={columns}
        label="Users"
        noun={{ one: 'user', other: 'users' }}
        empty={{
          icon: <IconUsers size={28} aria-hidden />,
          title: 'No users yet',
          description: 'Invite your colleagues so they can sign in.',
          filteredTitle: 'No users match your filters',
          filteredDescription: 'Try a different name or email, or clear the filters.',
        }}
      />
    </Stack>
  );
}
