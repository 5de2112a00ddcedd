// The driver's other open alerts, newest first, each a link to its page.
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SeverityBadge } from '../../../../components/monitoring/monitoring-badges.tsx';
import { useDriverAlerts } from '../../../../lib/entities/alerts/get-driver-alerts.ts';
import { formatDateTime } from '../format.ts';
import { QueryState } from '../monitoring/query-state.tsx';

const SHOWN = 10;

export function OtherOpenAlerts({ driverId, currentAlertId }: { driverId: string; currentAlertId: string }) {
  // One more than shown: the current alert is among them when it is still open.
  const { data, isPending, error } = useDriverAlerts({ personId: driverId, acknowledged: false, page: 0, size: SHOWN + 1, sort: 'createdAt,desc' });
  const others = (data?.content ?? []).filter((alert) => alert.id !== currentAlertId).slice(0, SHOWN);
  const total = data ? data.page.totalElements - (data.content.some((alert) => alert.id === currentAlertId) ? 1 : 0) : 0;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="other-alerts-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="other-alerts-heading">
          Other open alerts
        </Title>
        <QueryState what="other open alerts" isPending={isPending} error={error} isEmpty={others.length === 0} empty="This driver has no other open alerts.">
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {others.map((alert) => (
              <li key={alert.id}>
                <Stack gap={4}>
                  <Anchor renderRoot={(props) => <Link {...props} to="/drivers/$driverId/alerts/$id" params={{ driverId, id: alert.id }} />} fz="sm" fw={600}>
                    {alert.title}
                  </Anchor>
                  <Group gap="xs">
                    <SeverityBadge severity={alert.severity} />
                    <Text span fz="xs" c="dimmed">
                      <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
                    </Text>
                  </Group>
                </Stack>
              </li>
            ))}
          </Stack>
        </QueryState>
        {total > others.length && (
          <Text fz="xs" c="dimmed">
            And {total - others.length} more on the driver's page.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
