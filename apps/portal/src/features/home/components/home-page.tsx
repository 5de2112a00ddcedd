// /: who I am, my company, what I may do, and where to go from here.
import { Anchor, Avatar, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuilding, IconChevronRight, IconShieldCheck, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { PLUGIN_LABELS } from '@clearlane/contract/plugins';
import { tenantOrigin } from '@clearlane/contract/tenancy';
import { Can, useAbility } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { builtPlugins } from '../../../lib/plugins.ts';
import { authProvider, publicConfig } from '../../../lib/public-config.ts';
import { useMyCompany } from '../api/get-my-company.ts';
import { ComplianceCard } from './compliance-card.tsx';
import { MvrHealthCard } from './mvr-health-card.tsx';
import { HomeSection } from './home-section.tsx';
import { PermissionsGrid } from './permissions-grid.tsx';

// "Needs review" and "Order a report" load on their own chunk: the home page is in the entry chunk.
const ReviewAndOrder = lazy(() => import('./review-and-order.tsx'));

export function HomePage() {
  const { user, plugins } = useUserContext();
  const ability = useAbility();
  const company = useMyCompany();
  useDocumentTitle('Home · Clearlane');

  const roleNames = user.roles.map((role) => role.name);
  const otherCompanies = user.companies.filter((membership) => membership.companyId !== user.companyId);
  const here = { protocol: location.protocol, host: location.host };
  const config = publicConfig();
  // With a cloud user pool the pool holds the second step; what we know of it would be wrong.
  const twoStep = authProvider() === 'cognito' ? 'Company sign-in' : user.mfa.totpEnabled ? 'Authenticator app' : user.mfa.smsEnabled ? 'Text message' : 'Off';
  // As the navigation's Orders section: the ability to view orders and the company's orders plugin.
  const seesOrders = ability.can('view', 'Order') && plugins.includes('orders');
  const placesOrders = ability.can('create', 'Order') && plugins.includes('orders');
  // A plugin switched on ahead of its feature (a plugin added later) is not shown until the feature is built.
  const features = builtPlugins(plugins);
  // Drivers and their qualification are plugin-free; alerts need the monitoring plugin and the ability.
  const seesDrivers = ability.can('view', 'Driver');
  const seesMonitoring = ability.can('view', 'Monitoring') && plugins.includes('monitoring');

  return (
    <Stack gap="xl" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>Welcome, {user.firstName}</Title>
        <Text c="dimmed">
          You are signed in to {user.companyName} as {roleNames.join(', ')}.
        </Text>
      </Stack>

      {(seesOrders || placesOrders) && (
        <Suspense fallback={<Skeleton h={220} radius="md" aria-hidden />}>
          <ReviewAndOrder review={seesOrders} order={placesOrders} plugins={plugins} />
        </Suspense>
      )}

      {seesDrivers && <ComplianceCard monitoring={seesMonitoring} orders={seesOrders} />}

      {seesOrders && <MvrHealthCard />}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <HomeSection title="Your profile" icon={<IconShieldCheck size={18} aria-hidden />}>
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar size="lg" radius="xl" color="lane" aria-hidden>
              {user.firstName[0]}
              {user.lastName[0]}
            </Avatar>
            <Stack gap={6}>
              <Text fw={600} fz="lg">
                {user.firstName} {user.lastName}
              </Text>
              <Text fz="sm">{user.email}</Text>
              <Group gap={6}>
                {roleNames.map((name) => (
                  <Badge key={name} variant="filled" color="lane">
                    {name}
                  </Badge>
                ))}
              </Group>
              <Facts
                items={[
                  ['Two-step verification', twoStep],
                  ['Phone', user.phoneNumber ?? 'Not set'],
                ]}
              />
            </Stack>
          </Group>
        </HomeSection>

        <HomeSection title="Your company" icon={<IconBuilding size={18} aria-hidden />}>
          <Stack gap="sm">
            <Text fw={600} fz="lg">
              {user.companyName}
            </Text>
            <Facts
              items={[
                ['Tenant', user.tenantIdentifier],
                ['Portal address', tenantOrigin(user.tenantIdentifier, here, config).replace(/^https?:\/\//, '')],
                [
                  'Custom domains',
                  company.isPending ? <Skeleton h={14} w={120} component="span" display="inline-block" /> : company.data?.customDomains.join(', ') || 'None',
                ],
              ]}
            />
            <div>
              <Text fz="sm" fw={500} mb={6}>
                Features switched on
              </Text>
              {features.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  No optional features yet.
                </Text>
              ) : (
                <Group gap={6}>
                  {features.map((plugin) => (
                    <Badge key={plugin} variant="outline" color="lane">
                      {PLUGIN_LABELS[plugin]}
                    </Badge>
                  ))}
                </Group>
              )}
            </div>
          </Stack>
        </HomeSection>
      </SimpleGrid>

      {otherCompanies.length > 0 && (
        <HomeSection title="Your other companies" icon={<IconBuilding size={18} aria-hidden />}>
          <Stack gap="xs">
            <Text fz="sm" c="dimmed">
              You also belong to these companies. Each has its own portal address; sign in there to work in it.
            </Text>
            {otherCompanies.map((membership) => {
              const origin = tenantOrigin(membership.tenantIdentifier, here, config);
              return (
                <Group key={membership.companyId} justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={600} fz="sm">
                      {membership.companyName}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {membership.role}
                    </Text>
                  </div>
                  <Anchor href={`${origin}/login`} fz="sm">
                    Open {origin.replace(/^https?:\/\//, '')}
                  </Anchor>
                </Group>
              );
            })}
          </Stack>
        </HomeSection>
      )}

      <HomeSection title="What you can do" icon={<IconShieldCheck size={18} aria-hidden />} headingId="permissions-heading">
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            What your role allows in {user.companyName}. Your company administrator can change your role.
          </Text>
          <PermissionsGrid ability={ability} plugins={plugins} />
        </Stack>
      </HomeSection>

      <Can I="view" a="User">
        <Stack gap="sm">
          <Title order={2} fz="h3">
            Quick links
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <QuickLink to="/users" icon={<IconUsers size={20} aria-hidden />} title="Users" description="See who can sign in to your company." />
            <Can I="create" a="User">
              <QuickLink to="/users/add-user" icon={<IconUserPlus size={20} aria-hidden />} title="Invite a user" description="Send someone a sign-in invitation." />
            </Can>
          </SimpleGrid>
        </Stack>
      </Can>
    </Stack>
  );
}


function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <Stack gap={4} component="dl" m={0}>
      {items.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap">
          <Text component="dt" fz="sm" c="dimmed" w={160} style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text component="dd" fz="sm" m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function QuickLink({ to, icon, title, description }: { to: '/users' | '/users/add-user'; icon: ReactNode; title: string; description: string }) {
  return (
    <UnstyledButton component={Link} to={to}>
      <Card withBorder radius="md" padding="md" h="100%">
        <Group wrap="nowrap" justify="space-between">
          <Group wrap="nowrap" gap="sm">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              {icon}
            </ThemeIcon>
            <div>
              <Text fw={600}>{title}</Text>
              <Text fz="sm" c="dimmed">
                {description}
              </Text>
            </div>
          </Group>
          <IconChevronRight size={18} aria-hidden />
        </Group>
      </Card>
    </UnstyledButton>
  );
}
