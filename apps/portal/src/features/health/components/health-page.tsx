// /healthCheck: is the service up? API, database and job queue, refreshed every 15 seconds.
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconApi, IconCircleCheck, IconDatabase, IconRefresh, IconStack2, IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Health } from '@clearlane/contract/public-config';
import { HEALTH_REFRESH_MS, useHealth } from '../api/get-health.ts';

type ComponentName = keyof Health['components'];
const COMPONENTS: { name: ComponentName; label: string; description: string; icon: ReactNode }[] = [
  { name: 'api', label: 'API', description: 'Answers the portal and integrations', icon: <IconApi size={20} aria-hidden /> },
  { name: 'database', label: 'Database', description: 'Stores companies, users and orders', icon: <IconDatabase size={20} aria-hidden /> },
  { name: 'queue', label: 'Job queue', description: 'Fulfils orders and sends messages', icon: <IconStack2 size={20} aria-hidden /> },
];

export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${Math.floor(seconds)} s`;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function StatusBadge({ status }: { status: 'up' | 'down' }) {
  return status === 'up' ? (
    <Badge color="teal.9" variant="filled">
      Up
    </Badge>
  ) : (
    <Badge color="red.9" variant="filled">
      Down
    </Badge>
  );
}

export function HealthPage() {
  useDocumentTitle('System status · Clearlane');
  const { data, error, isPending, isFetching, refetch } = useHealth();

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Title order={1} fz="h2">
              System status
            </Title>
            <Text c="dimmed" fz="sm">
              Refreshes every {HEALTH_REFRESH_MS / 1000} seconds.
            </Text>
          </Stack>
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void refetch()} loading={isFetching && !isPending}>
            Refresh
          </Button>
        </Group>

        {isPending && <HealthSkeleton />}

        {!isPending && !data && (
          <Alert color="red" variant="light" role="alert" icon={<IconWifiOff size={18} aria-hidden />} title="The service cannot be reached">
            {error?.message ?? 'No answer from the server.'} The status is checked again automatically.
          </Alert>
        )}

        {data && (
          <>
            {data.health.status === 'up' ? (
              <Alert color="teal" variant="light" styles={{ title: { color: 'var(--mantine-color-text)' } }} icon={<IconCircleCheck size={20} aria-hidden />} title="All systems operational" role="status">
                Clearlane is up and answering normally.
              </Alert>
            ) : (
              <Alert color="red" variant="light" styles={{ title: { color: 'var(--mantine-color-text)' } }} icon={<IconAlertTriangle size={20} aria-hidden />} title="Some systems are down" role="status">
                Parts of Clearlane are not working (HTTP {data.httpStatus}). Orders may be delayed.
              </Alert>
            )}
            {error && (
              <Text fz="sm" c="red.9" role="alert">
                The last check failed ({error.message}); showing the result from {timeFormat.format(data.checkedAt)}.
              </Text>
            )}

            <Table verticalSpacing="sm" aria-label="Components">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Component</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Latency
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {COMPONENTS.map(({ name, label, description, icon }) => {
                  const component = data.health.components[name];
                  // The API reports no latency of its own: the browser's round trip is the API's latency.
                  const latencyMs = component.latencyMs ?? (name === 'api' ? data.roundTripMs : undefined);
                  return (
                    <Table.Tr key={name}>
                      <Table.Th scope="row" fw={400}>
                        <Group gap="sm" wrap="nowrap">
                          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                            {icon}
                          </ThemeIcon>
                          <div>
                            <Text fw={600} fz="sm">
                              {label}
                            </Text>
                            <Text c="dimmed" fz="xs">
                              {component.detail ?? description}
                            </Text>
                          </div>
                        </Group>
                      </Table.Th>
                      <Table.Td>
                        <StatusBadge status={component.status} />
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace" fz="sm">
                        {latencyMs !== undefined ? `${latencyMs} ms` : '—'}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>

            <SimpleGrid cols={3} spacing="sm">
              <Fact label="Overall" value={<StatusBadge status={data.health.status} />} />
              <Fact label="Version" value={<Text fw={600} ff="monospace">{data.health.version}</Text>} />
              <Fact label="Uptime" value={<Text fw={600} style={{ whiteSpace: 'nowrap' }}>{formatUptime(data.health.uptimeSeconds)}</Text>} />
            </SimpleGrid>
            <Text fz="xs" c="dimmed" ta="center">
              Last checked at <time dateTime={new Date(data.checkedAt).toISOString()}>{timeFormat.format(data.checkedAt)}</time>
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div style={{ marginTop: 4 }}>{value}</div>
    </Paper>
  );
}

function HealthSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading status">
      <Skeleton h={64} radius="md" />
      <Skeleton h={48} />
      <Skeleton h={48} />
      <Skeleton h={48} />
    </Stack>
  );
}
