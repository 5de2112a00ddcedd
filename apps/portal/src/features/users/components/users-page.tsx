// /users: the company's users. Search, filters, sort and page live in the URL (users-search.ts).
import { Alert, Box, Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconSearch, IconShieldCheck, IconShieldOff, IconUserPlus, IconUsers, IconX } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useRef, useState } from 'react';
import type { UserSummary } from '@clearlane/contract/users';
import { Can } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useUsers } from '../api/get-users.ts';
import { ROLE_OPTIONS, STATUS_OPTIONS, USERS_PAGE_SIZES, usersQueryOf, type UserSortKey, type UsersSearch } from '../users-search.ts';
import { ResendInviteButton } from './resend-invite-button.tsx';
import { useAriaSort } from '../../../components/use-aria-sort.ts';
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
const COLUMN_OF_SORT_FIELD = Object.fromEntries(Object.entries(SORT_FIELD_OF).map(([column, field]) => [field, column]));

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
  const navigate = routeApi.useNavigate();
  const context = useUserContext();
  const query = usersQueryOf(search);
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useUsers(query);
  const [text, setText] = useState(search.filter ?? '');
  const tableRef = useRef<HTMLTableElement>(null!);

  const setSearch = (patch: Partial<UsersSearch>, keepPage = false) =>
    navigate({ search: (previous) => ({ ...previous, ...patch, ...(keepPage ? {} : { page: undefined }) }), replace: true });
  const applyFilter = useDebouncedCallback((value: string) => void setSearch({ filter: value.trim() || undefined }), 300);
  const filtered = Boolean(search.filter || search.role || search.status);
  const clearFilters = () => {
    setText('');
    void setSearch({ filter: undefined, role: undefined, status: undefined });
  };

  const [sortField = 'createdAt', sortDirection = 'desc'] = query.sort.split(',') as [UserSortKey, 'asc' | 'desc'];
  const sortStatus: DataTableSortStatus<UserSummary> = { columnAccessor: COLUMN_OF_SORT_FIELD[sortField] ?? 'invitedAt', direction: sortDirection };

  const columns: DataTableColumn<UserSummary>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (user) => (
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {user.firstName} {user.lastName}
          </Text>
          {user.id === context.user.id && (
            <Text span fz="xs" c="dimmed">
              (you)
            </Text>
          )}
        </Group>
      ),
    },
    { accessor: 'email', title: 'Email', sortable: true },
    { accessor: 'role', title: 'Role', sortable: true },
    { accessor: 'status', title: 'Status', sortable: true, render: (user) => <UserStatusBadge status={user.status} /> },
    {
      accessor: 'mfaEnabled',
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
    { accessor: 'lastSignInAt', title: 'Last sign-in', sortable: true, render: (user) => <When value={user.lastSignInAt} format={dateTime} empty="Never" /> },
    { accessor: 'invitedAt', title: 'Invited', sortable: true, render: (user) => <When value={user.invitedAt} format={date} empty="—" /> },
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
  useAriaSort(tableRef, columns as { accessor: string; sortable?: boolean }[], sortStatus as { columnAccessor: string; direction: 'asc' | 'desc' });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Users</Title>
          <Text c="dimmed">People who can sign in to {context.user.companyName}.</Text>
        </Stack>
        <Can I="create" a="User">
          <Button component={Link} to="/users/add-user" leftSection={<IconUserPlus size={18} aria-hidden />}>
            Invite user
          </Button>
        </Can>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Filter users">
          <TextInput
            label="Search"
            placeholder="Name or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              applyFilter(event.currentTarget.value);
            }}
            rightSection={
              text ? (
                <Tooltip label="Clear search">
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    color="gray"
                    aria-label="Clear search"
                    onClick={() => {
                      setText('');
                      void setSearch({ filter: undefined });
                    }}
                  >
                    <IconX size={14} aria-hidden />
                  </Button>
                </Tooltip>
              ) : null
            }
            style={{ flex: '1 1 240px' }}
            maxLength={100}
          />
          <Select
            label="Role"
            placeholder="All roles"
            data={[...ROLE_OPTIONS]}
            value={search.role ?? null}
            onChange={(value) => void setSearch({ role: (value as UsersSearch['role']) ?? undefined })}
            clearable
            w={180}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            data={STATUS_OPTIONS.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
            value={search.status ?? null}
            onChange={(value) => void setSearch({ status: (value as UsersSearch['status']) ?? undefined })}
            clearable
            w={160}
          />
          {filtered && (
            <Button variant="subtle" onClick={clearFilters}>
              Clear filters
            </Button>
          )}
        </Group>
      </Paper>

      {error && !data ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The users could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : isPending ? (
        <UsersTableSkeleton />
      ) : data && data.content.length === 0 ? (
        <Paper withBorder radius="md" py="xl">
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            withIndicatorBackground
            title={filtered ? 'No users match your filters' : 'No users yet'}
            description={filtered ? 'Try a different name or email, or clear the filters.' : 'Invite your colleagues so they can sign in.'}
          >
            {filtered && (
              <EmptyState.Actions>
                <Button variant="light" onClick={clearFilters}>
                  Clear filters
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        </Paper>
      ) : data ? (
        <Box>
          <DataTable<UserSummary>
            tableRef={tableRef}
            withTableBorder
            borderRadius="md"
            highlightOnHover
            verticalSpacing="sm"
            minHeight={160}
            records={data.content}
            idAccessor="id"
            columns={columns}
            sortStatus={sortStatus}
            onSortStatusChange={(status) => {
              const field = SORT_FIELD_OF[String(status.columnAccessor)] ?? 'createdAt';
              // A newly chosen column starts ascending; clicking the sorted column again flips it.
              const direction = field === sortField ? status.direction : 'asc';
              void setSearch({ sort: `${field},${direction}` });
            }}
            fetching={isFetching && isPlaceholderData}
            loadingText="Loading users…"
            page={data.page.number + 1}
            onPageChange={(page) => void setSearch({ page: page - 1 }, true)}
            totalRecords={data.page.totalElements}
            recordsPerPage={data.page.size}
            recordsPerPageOptions={[...USERS_PAGE_SIZES]}
            onRecordsPerPageChange={(size) => void setSearch({ size: size as UsersSearch['size'] })}
            recordsPerPageLabel="Users per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords} user${totalRecords === 1 ? '' : 's'}`}
            getPaginationControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
            getPaginationItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            aria-label="Users"
          />
        </Box>
      ) : null}
    </Stack>
  );
}

function UsersTableSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" aria-busy="true" aria-label="Loading users">
      <Stack gap="md">
        <Skeleton h={20} w="60%" />
        {Array.from({ length: 6 }, (_, index) => (
          <Group key={index} gap="md" wrap="nowrap">
            <Skeleton h={16} w="18%" />
            <Skeleton h={16} w="26%" />
            <Skeleton h={16} w="12%" />
            <Skeleton h={16} w="10%" />
            <Skeleton h={16} w="20%" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
