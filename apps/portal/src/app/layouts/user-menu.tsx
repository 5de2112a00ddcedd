import { Avatar, Group, Menu, Stack, Text, UnstyledButton, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconChevronDown, IconDeviceDesktop, IconKey, IconLogout, IconMoon, IconSun, IconUserCog } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '@clearlane/contract/users';
import { abilityFor } from '../../lib/ability.tsx';
import { signOut } from '../auth/sign-out.ts';

const SCHEMES: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
];

/** The signed-in user's name, roles, "Your account", the colour scheme and sign-out, at the right end of the header. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
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
        <Menu.Divider />
        {/* The choice is remembered in this browser (app/app.tsx); System follows the operating system. */}
        <Menu.Label id="color-scheme-label">Appearance</Menu.Label>
        <div role="group" aria-labelledby="color-scheme-label">
          <Menu.RadioGroup value={colorScheme} onChange={(value) => setColorScheme(value as MantineColorScheme)}>
            {SCHEMES.map(({ value, label, icon: Icon }) => (
              <Menu.RadioItem key={value} value={value} rightSection={<Icon size={16} aria-hidden />} data-color-scheme-option={value}>
                {label}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </div>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
