// The driver's alerts, newest first: open ones by default, or all; each links to its page.
import { Anchor, Box, Group, Pagination, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AlertStateBadge, EscalationBadge, SeverityBadge } from '../../../../components/monitoring/monitoring-badges.tsx';
import { ALERT_TYPE_LABELS } from '../../../../lib/monitoring-labels.ts';
import { useDriverAlerts } from '../../../../lib/entities/alerts/get-driver-alerts.ts';
import { formatDateTime } from '../format.ts';
import { QueryState } from './query-state.tsx';

const PAGE_SIZE = 10;
type Shown = 'open' | 'all';

export function DriverAlerts({ driverId }: { driverId: string }) {
  const [shown, setShown] = useState<Shown>('open');
  const [page, setPage] = useState(0);
  const { data, isPending, error } = useDriverAlerts({ personId: driverId, page, size: PAGE_SIZE, sort: 'createdAt,desc', ...(shown === 'open' ? { acknowledged: false } : {}) });
  const alerts = data?.content ?? [];

  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="driver-alerts-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h4" id="driver-alerts-heading">
            Alerts
          </Title>
          <SegmentedControl
            size="xs"
            aria-label="Which alerts"
            value={shown}
            onChange={(value) => {
              setShown(value as Shown);
              setPage(0);
            }}
            data={[
              { value: 'open', label: 'Open' },
              { value: 'all', label: 'All' },
            ]}
          />
        </Group>
        <QueryState what="alerts" isPending={isPending} error={error} isEmpty={alerts.length === 0} empty={shown === 'open' ? 'No open alerts.' : 'No alerts yet. Enrolled drivers get one when their record changes.'}>
          {/* A list, not a table: on a phone each alert wraps onto two lines instead of scrolling sideways. */}
          <Box component="ul" aria-labelledby="driver-alerts-heading" m={0} p={0} style={{ listStyle: 'none' }}>
            {alerts.map((alert) => (
              <Box component="li" key={alert.id} py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Anchor renderRoot={(props) => <Link {...props} to="/drivers/$driverId/alerts/$id" params={{ driverId, id: alert.id }} />} fz="sm" fw={600}>
                      {alert.title}
                    </Anchor>
                    <Text fz="xs" c="dimmed">
                      {ALERT_TYPE_LABELS[alert.type]} · raised <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
                      {alert.acknowledgedAt !== null && ` · acknowledged by ${alert.acknowledgedByName ?? 'a former user'}`}
                    </Text>
                  </Stack>
                  <Group gap={6}>
                    <SeverityBadge severity={alert.severity} />
                    <AlertStateBadge acknowledged={alert.acknowledgedAt !== null} />
                    {alert.acknowledgedAt === null && <EscalationBadge escalatedAfterDays={alert.escalatedAfterDays} />}
                  </Group>
                </Group>
              </Box>
            ))}
          </Box>
        </QueryState>
        {data && data.page.totalPages > 1 && (
          <Group justify="flex-end">
            <Pagination
              size="sm"
              total={data.page.totalPages}
              value={page + 1}
              onChange={(value) => setPage(value - 1)}
              getControlProps={(control) => ({ 'aria-label': `${control} page of alerts` })}
              getItemProps={(number) => ({ 'aria-label': `Alerts page ${number}` })}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
