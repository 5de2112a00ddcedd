import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AbilityProvider, abilityFor } from '../../lib/ability.tsx';
import { useDownloadWatcher } from '../background/use-download-watcher.ts';
import { useUserContext } from '../../lib/current-user.ts';
import { currentNavItem, NAV_ITEMS, visibleNavItems } from '../navigation/nav-config.ts';
import { Logo } from './logo.tsx';
import { SystemMessageBanner } from './system-message-banner.tsx';
import { UserMenu } from './user-menu.tsx';

/** The default (authenticated) layout: navigation, company name, user menu, system message. Renders `children` in place of the routed page when given (the not-found page). */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  const { user, plugins } = useUserContext();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const items = visibleNavItems(NAV_ITEMS, { ability: abilityFor(user), plugins });
  const current = currentNavItem(items, pathname);
  // Says when a report bundle the user asked for is ready, on whichever page they are.
  useDownloadWatcher(user.id);

  return (
    <AbilityProvider user={user}>
      <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} aria-expanded={opened} aria-controls="main-navigation" />
              <Link to="/" aria-label="Clearlane home" style={{ display: 'flex' }}>
                <Logo />
              </Link>
              <Text fw={700} visibleFrom="xs">
                Clearlane
              </Text>
              <Text c="dimmed" fz="sm" truncate="end" maw={260} data-testid="company-name">
                {user.companyName}
              </Text>
            </Group>
            <UserMenu user={user} />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" id="main-navigation" component="nav" aria-label="Main navigation">
          <ScrollArea>
            {items.map((item) => {
              const active = item === current;
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  // Only built sections reach here, and their routes exist; `to` is a plain string in the config.
                  to={item.to as '/'}
                  // The router would also mark '/drivers' active on '/drivers/alerts' (aria-current):
                  // which item is current is decided above, the most specific one.
                  activeOptions={{ exact: true }}
                  label={item.label}
                  leftSection={<item.icon size={18} aria-hidden />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={close}
                />
              );
            })}
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main id="main-content" tabIndex={-1} className="app-shell-main" style={{ outline: 'none' }}>
          <SystemMessageBanner />
          {children ?? <Outlet />}
        </AppShell.Main>
      </AppShell>
    </AbilityProvider>
  );
}
