import { AppShell, Burger, Group, Menu, NavLink, ScrollArea, Text, UnstyledButton, Avatar, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconHome, IconLogout, IconUsers } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { AbilityContext, abilityFor, Can } from '../../lib/ability.tsx';
import { fetchUserContext, persistUser, userContextQueryKey } from '../../lib/current-user.ts';
import { session } from '../../lib/auth.ts';
import { identity } from '../../lib/identity.ts';
import { publicConfig } from '../../lib/public-config.ts';
import { signOutDestination } from '@clearlane/contract/tenancy';
import { Logo } from './logo.tsx';

/** The default (authenticated) layout: navigation, company name, user menu with sign-out. */
export function DefaultLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const { data } = useSuspenseQuery({ queryKey: userContextQueryKey, queryFn: fetchUserContext });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  const { user } = data;
  const ability = abilityFor(user);

  const signOut = async () => {
    await identity.signOut().catch(() => undefined); // the tokens go either way
    session.clear();
    persistUser(null);
    const destination = signOutDestination(publicConfig());
    if (new URL(destination, location.href).origin === location.origin) await navigate({ to: '/login' });
    else location.assign(destination);
  };

  return (
    <AbilityContext.Provider value={ability}>
      <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between">
            <Group gap="sm">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
              <Logo />
              <Text fw={700}>Clearlane</Text>
              <Text c="dimmed" visibleFrom="xs" aria-label="Company">{user.companyName}</Text>
            </Group>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={`Account menu for ${user.firstName} ${user.lastName}`}>
                  <Group gap="xs">
                    <Avatar size="sm" color="lane" radius="xl">{user.firstName[0]}{user.lastName[0]}</Avatar>
                    <Stack gap={0} visibleFrom="sm">
                      <Text fz="sm" fw={600}>{user.firstName} {user.lastName}</Text>
                      <Text fz="xs" c="dimmed">{user.roles.map((role) => role.name).join(', ')}</Text>
                    </Stack>
                    <IconChevronDown size={16} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.email}</Menu.Label>
                <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>Sign out</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Main navigation">
          <ScrollArea>
            <NavLink component={Link} to="/" label="Home" leftSection={<IconHome size={18} aria-hidden />} active={pathname === '/'} onClick={close} />
            <Can I="view" a="User">
              <NavLink component={Link} to="/users" label="Users" leftSection={<IconUsers size={18} aria-hidden />} active={pathname.startsWith('/users')} onClick={close} />
            </Can>
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </AbilityContext.Provider>
  );
}
