// /drivers/{driverId}/alerts/{id}: one monitoring alert of a driver — what it is (type, severity,
// raised, escalation), the change before and after, the re-judged outcome when a fresh MVR was
// ordered, the acknowledgement (a form for Managers and Company Admins, read-only for the others),
// and the driver's other open alerts. The route's loader fetched the alert: a refused or unknown
// alert has already shown the error page.
import { Grid, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { DetailHeader } from '../../../../components/detail-header.tsx';
import { ALERT_CHANGE_KIND_LABELS, ALERT_TYPE_LABELS } from '../../../../lib/monitoring-labels.ts';
import { AlertStateBadge, EscalationBadge, SeverityBadge } from '../../../../components/monitoring/monitoring-badges.tsx';
import { useAlert } from '../../api/get-alert.ts';
import { formatDateTime } from '../format.ts';
import { AcknowledgementSection } from './acknowledgement-section.tsx';
import { AlertChangeSection } from './alert-change-section.tsx';
import { AlertRecheckSection } from './alert-recheck-section.tsx';
import { OtherOpenAlerts } from './other-open-alerts.tsx';

const routeApi = getRouteApi('/_authenticated/drivers/$driverId/alerts/$id');

export function AlertPage() {
  // Both are in the path (the router matched it); the types widen them with /drivers/alerts beside it.
  const { driverId = '', id = '' } = routeApi.useParams();
  return <AlertDetails driverId={driverId} alertId={id} />;
}

export function AlertDetails({ driverId, alertId }: { driverId: string; alertId: string }) {
  const { data: alert } = useAlert(driverId, alertId);
  const acknowledged = alert.acknowledgedAt !== null;
  useDocumentTitle(`${alert.title} · Clearlane`);

  return (
    <Stack gap="lg" maw={1120}>
      <DetailHeader
        trail={[
          { label: 'Drivers', to: '/drivers' },
          { label: alert.personName, to: '/drivers/$id', params: { id: driverId } },
        ]}
        current="Alert"
        kicker={`${ALERT_TYPE_LABELS[alert.type]} · ${alert.personName}`}
        title={alert.title}
        badges={
          <>
            <SeverityBadge severity={alert.severity} />
            <AlertStateBadge acknowledged={acknowledged} />
            {!acknowledged && <EscalationBadge escalatedAfterDays={alert.escalatedAfterDays} />}
          </>
        }
      >
        <Text fz="sm" c="dimmed">
          {ALERT_CHANGE_KIND_LABELS[alert.changeKind]} · Raised <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
        </Text>
      </DetailHeader>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <AlertChangeSection change={alert.change} />
            {alert.recheck && <AlertRecheckSection recheck={alert.recheck} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <AcknowledgementSection alert={alert} />
            <OtherOpenAlerts driverId={driverId} currentAlertId={alert.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
