import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserCog } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '@clearlane/contract/users';
import { abilityFor } from '../../lib/ability.tsx';
import { signOut } from '../auth/sign-out.ts';

/** The signed-in user's name, roles, "Your account" and sign-out, at the right end of the header. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${user.firstName} ${user.lastName}`} p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar size="sm" color="lane" radius="xl">
              {initials}
            </Avatar>
            <Stack gap={0} visibleFrom="sm">
              <Text fz="sm" fw={600}>
                {user.firstName} {user.lastName}
              </Text>
              <Text fz="xs" c="dimmed">
                {user.roles.map((role) => role.name).join(', ')}
              </Text>
            </Stack>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCog size={16} aria-hidden />}>
          Your account
        </Menu.Item>
        {abilityFor(user).can('manage', 'all') && (
          <Menu.Item component={Link} to="/company/sso" leftSection={<IconKey size={16} aria-hidden />}>
            Single sign-on
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
