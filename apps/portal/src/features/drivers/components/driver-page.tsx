// /drivers/{id}: one driver — header with name and licence, "Order MVR" and "Order person risk
// assessment" for those who may order, "Edit" for those who may change drivers, the details, and the
// driver's orders and reports. With the monitoring plugin, for those who may view Monitoring: the
// qualification, the alerts, the monitoring panel and the annual reviews. The route's loader has
// fetched the driver (a 404 shows the error page).
import { Badge, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconEdit, IconFileSearch, IconId, IconUserShield } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import { Can, useAbility } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { hasPlugins } from '../../../lib/plugins.ts';
import { useDriver } from '../../../lib/entities/drivers/get-driver.ts';
import { SubjectOrders } from '../../../components/subject-orders/subject-orders.tsx';
import { DownloadReportsButton, useMayDownloadReports } from '../../../components/report-bundles/download-reports-button.tsx';
import { EditDriverModal } from './edit-driver-modal.tsx';
import { dateTime, formatCalendarDate } from './format.ts';
import { Detail } from '../../../components/detail.tsx';
import { DetailHeader } from '../../../components/detail-header.tsx';
import { QualificationBadge } from '../../../components/monitoring/monitoring-badges.tsx';
import { ENROLMENT_STATUS_LABELS, MONITORING_TYPE_LABELS, PENDING_AMBER } from '../../../lib/monitoring-labels.ts';
import { AnnualReviewsPanel } from './monitoring/annual-reviews-panel.tsx';
import { DriverAlerts } from './monitoring/driver-alerts.tsx';
import { enrolmentOf } from './monitoring/monitored-driver.ts';
import { MonitoringPanel } from './monitoring/monitoring-panel.tsx';
import { QualificationPanel } from './monitoring/qualification-panel.tsx';
import { useMonitoringAccess } from './monitoring/use-monitoring-access.ts';

const routeApi = getRouteApi('/_authenticated/drivers/$id');

function ageOn(dateOfBirth: string, today = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1;
  return age;
}


const notGiven = (
  <Text span fz="sm" c="dimmed" fw={400}>
    Not given
  </Text>
);

export function DriverPage() {
  const { id } = routeApi.useParams();
  const { data: driver } = useDriver(id);
  const [editing, { open, close }] = useDisclosure(false);
  useDocumentTitle(`${driver.fullName} · Clearlane`);
  const stateName = LICENCE_FORMATS[driver.licenceState]?.name ?? driver.licenceState;
  const age = ageOn(driver.dateOfBirth);
  const ability = useAbility();
  // Ordering and the driver's orders belong to the orders plugin: without it the page is the driver alone.
  const ordersOn = hasPlugins(useUserContext().plugins, 'orders');
  const mayOrder = ordersOn && ability.can('create', 'Order');
  const monitoring = useMonitoringAccess();
  const linkOrders = ordersOn && ability.can('view', 'Order');
  const mayDownload = useMayDownloadReports();

  return (
    <Stack gap="lg" maw={960}>
      <DetailHeader
        trail={[{ label: 'Drivers', to: '/drivers' }]}
        current={driver.fullName}
        title={driver.fullName}
        badges={
          <>
            <IconId size={18} aria-hidden color="var(--mantine-color-gray-7)" />
            <Text fz="sm">
              {stateName} licence{' '}
              <Text span ff="monospace" fw={600}>
                {driver.licenceNumber}
              </Text>
            </Text>
            {driver.monitoringTypes.map((type) => {
              const pending = enrolmentOf(driver, type)?.status === 'PENDING';
              return (
                <Badge key={type} variant="filled" color={pending ? PENDING_AMBER : 'teal.9'} radius="sm">
                  {MONITORING_TYPE_LABELS[type]}
                  {pending && ` · ${ENROLMENT_STATUS_LABELS.PENDING.toLowerCase()}`}
                </Badge>
              );
            })}
            {monitoring.shown && <QualificationBadge status={driver.qualification.status} />}
          </>
        }
        actions={
          <>
            <Can I="create" a="Driver">
              <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={open}>
                Edit
              </Button>
            </Can>
            {mayDownload && (
              // Every complete MVR of the driver as one bundle: the driver file an auditor asks for.
              <DownloadReportsButton scope={{ kind: 'filter', filter: { personId: driver.id }, description: `the MVRs of ${driver.fullName}` }} />
            )}
            {mayOrder && (
              <>
                <Button
                  renderRoot={(props) => <Link {...props} to="/orders/person-risk-assessment/single-order" search={{ personId: driver.id }} />}
                  variant="default"
                  leftSection={<IconUserShield size={16} aria-hidden />}
                >
                  Order person risk assessment
                </Button>
                <Button
                  renderRoot={(props) => <Link {...props} to="/orders/mvr/single-order" search={{ personId: driver.id }} />}
                  leftSection={<IconFileSearch size={16} aria-hidden />}
                >
                  Order MVR
                </Button>
              </>
            )}
          </>
        }
      />

      {monitoring.shown && <QualificationPanel qualification={driver.qualification} linkOrders={linkOrders} />}
      {monitoring.shown && <DriverAlerts driverId={driver.id} />}

      <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="driver-details-heading">
        <Stack gap="md">
          <Title order={2} size="h4" id="driver-details-heading">
            Details
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md" m={0}>
            <Detail term="First name">{driver.firstName}</Detail>
            <Detail term="Middle name">{driver.middleName || notGiven}</Detail>
            <Detail term="Last name">{driver.lastName}</Detail>
            <Detail term="Date of birth">
              <time dateTime={driver.dateOfBirth}>{formatCalendarDate(driver.dateOfBirth)}</time>
              {age !== null && (
                <Text span fz="sm" c="dimmed" fw={400}>
                  {' '}
                  (age {age})
                </Text>
              )}
            </Detail>
            <Detail term="Licence state">
              {stateName} ({driver.licenceState})
            </Detail>
            <Detail term="Licence number">
              <Text span ff="monospace" fz="sm" fw={500}>
                {driver.licenceNumber}
              </Text>
            </Detail>
            <Detail term="Email">{driver.email || notGiven}</Detail>
            <Detail term="Phone">{driver.phone || notGiven}</Detail>
            <Detail term="External ID">{driver.externalId || notGiven}</Detail>
            <Detail term="Licence expiry">
              {driver.licenceExpiresOn ? <time dateTime={driver.licenceExpiresOn}>{formatCalendarDate(driver.licenceExpiresOn)}</time> : notGiven}
            </Detail>
            <Detail term="Medical certificate expiry">
              {driver.medicalCertificateExpiresOn ? (
                <time dateTime={driver.medicalCertificateExpiresOn}>{formatCalendarDate(driver.medicalCertificateExpiresOn)}</time>
              ) : (
                notGiven
              )}
            </Detail>
            <Detail term="Added">
              <time dateTime={driver.createdAt}>{dateTime.format(new Date(driver.createdAt))}</time>
            </Detail>
            <Detail term="Last changed">
              <time dateTime={driver.updatedAt}>{dateTime.format(new Date(driver.updatedAt))}</time>
            </Detail>
          </SimpleGrid>
        </Stack>
      </Paper>

      {monitoring.shown && (
        <>
          <MonitoringPanel driver={driver} mayManage={monitoring.mayManage} />
          <AnnualReviewsPanel driverId={driver.id} mayManage={monitoring.mayManage} linkOrders={linkOrders} />
        </>
      )}

      {ordersOn && (
        <Can I="view" a="Order">
          <SubjectOrders
            subject={{ personId: driver.id }}
            subjectNoun="driver"
            reportsDescription="The completed orders of this driver: their records and assessments."
            mayViewReports={ability.can('view', 'Reports')}
            orderAction={
              mayOrder && (
                <Button
                  renderRoot={(props) => <Link {...props} to="/orders/mvr/single-order" search={{ personId: driver.id }} />}
                  variant="light"
                  leftSection={<IconFileSearch size={16} aria-hidden />}
                >
                  Order an MVR
                </Button>
              )
            }
          />
        </Can>
      )}

      <Can I="create" a="Driver">
        <EditDriverModal driver={driver} opened={editing} onClose={close} />
      </Can>
    </Stack>
  );
}
