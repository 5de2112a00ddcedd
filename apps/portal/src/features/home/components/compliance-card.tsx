// The home page's "Driver compliance": the company's figures (GET /company/me/metrics) — drivers by
// qualification, annual reviews due, open alerts by severity with the newest ones, orders of the last
// 30 days — as figures, charts and tables whose rows open the lists filtered to them. The monitoring
// parts show only with the monitoring plugin and the ability to view Monitoring; the orders part
// only to those who may view orders.
import { Anchor, Badge, Group, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronRight, IconShieldCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useDriverAlerts } from '../../../lib/entities/alerts/get-driver-alerts.ts';
import { driverAlertPath, SEVERITY_COLORS, SEVERITY_LABELS } from '../../../lib/monitoring-labels.ts';
import { useCompanyMetrics } from '../api/get-company-metrics.ts';
import { complianceOf, type Compliance, type OrderCountRow } from './compliance.ts';
import { CountGroup, linkedIfAny } from './count-group.tsx';
import { Figure } from './figure.tsx';
import { MetricsCard } from './metrics-card.tsx';

const HEADING_ID = 'compliance-heading';
const NEWEST_ALERTS_ID = 'newest-alerts-heading';
const wholeNumber = new Intl.NumberFormat();
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The newest open alerts the card lists. */
const NEWEST_ALERTS = 5;

export interface ComplianceCardProps {
  /** The monitoring plugin is on and the user may view Monitoring. */
  monitoring: boolean;
  /** The orders plugin is on and the user may view orders. */
  orders: boolean;
}

export function ComplianceCard({ monitoring, orders }: ComplianceCardProps) {
  const metrics = useCompanyMetrics();
  const compliance = metrics.data ? complianceOf(metrics.data) : undefined;
  return (
    <MetricsCard
      title="Driver compliance"
      headingId={HEADING_ID}
      icon={<IconShieldCheck size={18} />}
      note={metrics.data ? `As of ${dateTime.format(new Date(metrics.data.asOf))}` : null}
      query={metrics}
      skeleton={<ComplianceSkeleton />}
    >
      {compliance && <ComplianceContent compliance={compliance} monitoring={monitoring} orders={orders} />}
    </MetricsCard>
  );
}

function ComplianceContent({ compliance, monitoring, orders }: { compliance: Compliance } & ComplianceCardProps) {
  const reviewsToDo = compliance.reviewsDue + compliance.reviewsOverdue;
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: monitoring ? 5 : 3 }} spacing="sm" component="dl" m={0}>
        <Figure label="Drivers" value={wholeNumber.format(compliance.drivers)} />
        {monitoring && (
          <Figure
            label="Monitored"
            value={wholeNumber.format(compliance.monitoredDrivers)}
            note={compliance.pendingEnrolments > 0 ? `${wholeNumber.format(compliance.pendingEnrolments)} pending` : undefined}
          />
        )}
        {monitoring && <Figure label="Open alerts" value={wholeNumber.format(compliance.openAlerts)} tone={compliance.openAlerts > 0 ? 'red.9' : undefined} />}
        <Figure label="Reviews due in 30 days" value={wholeNumber.format(compliance.reviewsDue)} />
        <Figure label="Reviews overdue" value={wholeNumber.format(compliance.reviewsOverdue)} tone={compliance.reviewsOverdue > 0 ? 'red.9' : undefined} />
      </SimpleGrid>
      {reviewsToDo > 0 && (
        <Anchor fz="sm" fw={600} renderRoot={(props) => <Link {...props} to="/drivers" search={{ reviewDue: true }} />}>
          <Group gap={4} component="span">
            See the {wholeNumber.format(reviewsToDo)} {reviewsToDo === 1 ? 'driver' : 'drivers'} whose annual review is due or overdue
            <IconChevronRight size={16} aria-hidden />
          </Group>
        </Anchor>
      )}
      {monitoring && (
        <>
          <CountGroup
            caption="Open alerts, by severity"
            firstColumn="Severity"
            valueName="Alerts"
            subject="open driver alerts by severity"
            rows={compliance.severities}
            renderLabel={(row) =>
              linkedIfAny(row, (props) => <Link {...props} to="/drivers/alerts" search={{ acknowledged: false, severity: row.severity }} />)
            }
          />
          <NewestAlerts />
        </>
      )}
      <CountGroup
        caption="Drivers, by qualification"
        firstColumn="Qualification"
        valueName="Drivers"
        subject="drivers by qualification"
        rows={compliance.qualification}
        renderLabel={(row) => linkedIfAny(row, (props) => <Link {...props} to="/drivers" search={{ qualification: row.qualification }} />)}
      />
      {orders &&
        (compliance.orders.total === 0 ? (
          // Two charts of zeros say less than one sentence.
          <Text fz="sm">No orders were placed in the last 30 days.</Text>
        ) : (
          <>
            <CountGroup
              caption={`Orders of the last 30 days (${wholeNumber.format(compliance.orders.total)}), by status`}
              firstColumn="Status"
              valueName="Orders"
              subject="orders of the last 30 days by status"
              rows={compliance.orders.byStatus}
              renderLabel={OrdersLink}
            />
            <CountGroup
              caption="Orders of the last 30 days, by outcome"
              firstColumn="Outcome"
              valueName="Orders"
              subject="orders of the last 30 days by outcome"
              rows={compliance.orders.byOutcome}
              renderLabel={OrdersLink}
            />
          </>
        ))}
    </Stack>
  );
}

const OrdersLink = (row: OrderCountRow) => linkedIfAny(row, (props) => <Link {...props} to="/orders" search={row.search} />);

/** The newest unacknowledged alerts, each opening its page, and the way to all of them. */
function NewestAlerts() {
  const alerts = useDriverAlerts({ page: 0, size: NEWEST_ALERTS, sort: 'createdAt,desc', acknowledged: false });
  const newest = alerts.data?.content ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="sm" id={NEWEST_ALERTS_ID}>
          Newest open alerts
        </Title>
        <Anchor fz="sm" renderRoot={(props) => <Link {...props} to="/drivers/alerts" search={{ acknowledged: false }} />}>
          All open alerts
        </Anchor>
      </Group>
      {alerts.isPending ? (
        <Skeleton h={120} radius="md" />
      ) : alerts.isError ? (
        <Text fz="sm" c="red.9">
          The newest alerts could not be loaded: {alerts.error.message}
        </Text>
      ) : newest.length === 0 ? (
        <Text fz="sm">No open alerts. Monitoring will list new ones here.</Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} aria-labelledby={NEWEST_ALERTS_ID} style={{ listStyle: 'none' }}>
          {newest.map((alert) => (
            <Group
              key={alert.id}
              component="li"
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              py={8}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Badge color={SEVERITY_COLORS[alert.severity]} variant="filled" radius="sm" w={76} style={{ flexShrink: 0 }}>
                {SEVERITY_LABELS[alert.severity]}
              </Badge>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor fz="sm" fw={600} renderRoot={(props) => <Link {...props} to={driverAlertPath(alert.personId, alert.id) as never} />}>
                  {alert.title}
                </Anchor>
                <Text fz="xs" c="dimmed">
                  {alert.personName} · <time dateTime={alert.createdAt}>{date.format(new Date(alert.createdAt))}</time>
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ComplianceSkeleton() {
  return (
    <Stack gap="lg">
      <VisuallyHidden>Loading the compliance figures…</VisuallyHidden>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} h={64} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={200} radius="md" />
    </Stack>
  );
}
