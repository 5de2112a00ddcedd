import { Anchor, Box, Center, Group, Stack, Text } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { publicConfig } from '../../lib/public-config.ts';
import { Logo } from './logo.tsx';
import { SystemMessageBanner } from './system-message-banner.tsx';

/** The unauthenticated layout: a centred column with the brand, the tenant's name and the system message. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const tenant = publicConfig().tenant;
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Center component="main" id="main-content" tabIndex={-1} mih="100vh" p="md" style={{ outline: 'none' }}>
        <Stack w="100%" maw={440} gap="lg">
          <Group justify="center" gap="xs">
            <Logo size={36} />
            <Stack gap={0}>
              <Text fw={700} fz="xl">
                Clearlane
              </Text>
              {tenant && (
                <Text fz="sm" c="dimmed">
                  {tenant.name}
                </Text>
              )}
            </Stack>
          </Group>
          <SystemMessageBanner />
          {children ?? <Outlet />}
          <Text ta="center" fz="xs" c="dimmed">
            Need help? Contact your company administrator.{' '}
            <Anchor component={Link} to={'/healthCheck' as '/'} fz="xs" underline="always">
              System status
            </Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
