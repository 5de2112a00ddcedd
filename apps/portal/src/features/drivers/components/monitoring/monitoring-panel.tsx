// The driver's monitoring: MVR monitoring and person monitoring, each not enrolled, "Enrolment
// pending" (until the licence state confirms) or active, with Enrol / Remove for users who may create
// Monitoring; what the licence state's monitoring covers and how long it takes to confirm; and the
// driver's history (enrolments, alerts, reviews), newest first.
import { Badge, Box, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBellPlus, IconBellX } from '@tabler/icons-react';
import { useState } from 'react';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import { MONITORING_COVERAGE_LABELS, monitoringCoverageOf } from '@clearlane/contract/domain/monitoring-coverage';
import { ENROLMENT_STATUS_COLORS, ENROLMENT_STATUS_LABELS, MONITORING_TYPE_LABELS, PERSON_EVENT_LABELS } from '../../../../lib/monitoring-labels.ts';
import { notify } from '../../../../lib/toasts/notify.ts';
import { useChangeDriverMonitoring } from '../../api/change-driver-monitoring.ts';
import { usePersonEvents } from '../../api/get-person-events.ts';
import { formatDateTime } from '../format.ts';
import { QueryState } from './query-state.tsx';
import type { MonitoringType, Person } from '@clearlane/contract/persons';
import { enrolmentOf } from './monitored-driver.ts';

const MONITORING_DESCRIPTIONS: Record<MonitoringType, string> = {
  MvrMonitoring: 'New convictions, DMV actions and licence status changes, reported by the licence state.',
  PersonMonitoring: 'Changes to the person behind the licence: identity and records.',
};

const MONITORING_ORDER: MonitoringType[] = ['MvrMonitoring', 'PersonMonitoring'];

/** Inside a sentence: "enrolled in MVR monitoring", "removed from person monitoring". */
const IN_A_SENTENCE: Record<MonitoringType, string> = { MvrMonitoring: 'MVR monitoring', PersonMonitoring: 'person monitoring' };

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

function coverageSentence(driver: Person): string {
  const coverage = monitoringCoverageOf(driver.licenceState);
  const stateName = LICENCE_FORMATS[driver.licenceState]?.name ?? driver.licenceState;
  const confirms =
    coverage.enrolmentDays === 0
      ? 'confirms an enrolment at once'
      : `takes up to ${coverage.enrolmentDays} ${coverage.enrolmentDays === 1 ? 'day' : 'days'} to confirm an enrolment`;
  return `${stateName} reports: ${lowerFirst(MONITORING_COVERAGE_LABELS[coverage.covers])}. The state ${confirms}.`;
}

function EnrolmentRow({ driver, type, mayManage }: { driver: Person; type: MonitoringType; mayManage: boolean }) {
  const change = useChangeDriverMonitoring();
  const enrolment = enrolmentOf(driver, type);
  const label = MONITORING_TYPE_LABELS[type];
  const phrase = IN_A_SENTENCE[type];
  const headingId = `monitoring-${type}-heading`;

  const toggle = () =>
    change.mutate(
      { personId: driver.id, body: { monitoringType: type, action: enrolment ? 'REMOVE' : 'ADD' } },
      {
        onSuccess: () => notify.success(enrolment ? `${driver.fullName} was removed from ${phrase}` : `${driver.fullName} was enrolled in ${phrase}`),
        onError: (error) => notify.error(error.message, { title: enrolment ? `Could not remove ${phrase}` : `Could not enrol in ${phrase}` }),
      },
    );

  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap" role="group" aria-labelledby={headingId}>
      <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
        <Group gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {label}
          </Title>
          {enrolment ? (
            <Badge color={ENROLMENT_STATUS_COLORS[enrolment.status]} variant="filled" style={{ minWidth: 'max-content' }}>
              {ENROLMENT_STATUS_LABELS[enrolment.status]}
            </Badge>
          ) : (
            <Badge color="gray.7" variant="outline" style={{ minWidth: 'max-content' }}>
              Not enrolled
            </Badge>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {MONITORING_DESCRIPTIONS[type]}
        </Text>
        {enrolment?.enrolledAt && (
          <Text fz="xs" c="dimmed">
            Enrolled <time dateTime={enrolment.enrolledAt}>{formatDateTime(enrolment.enrolledAt)}</time>
            {enrolment.activeSince && (
              <>
                {' '}
                · active since <time dateTime={enrolment.activeSince}>{formatDateTime(enrolment.activeSince)}</time>
              </>
            )}
            {enrolment.status === 'PENDING' && ' · waiting for the state to confirm'}
          </Text>
        )}
      </Stack>
      {mayManage && (
        <Button
          variant={enrolment ? 'default' : 'filled'}
          leftSection={enrolment ? <IconBellX size={16} aria-hidden /> : <IconBellPlus size={16} aria-hidden />}
          onClick={toggle}
          loading={change.isPending}
          aria-label={enrolment ? `Remove ${phrase}` : `Enrol in ${phrase}`}
        >
          {enrolment ? 'Remove' : 'Enrol'}
        </Button>
      )}
    </Group>
  );
}

const FIRST_EVENTS = 5;
const MORE_EVENTS = 20;

function MonitoringHistory({ driverId }: { driverId: string }) {
  const [size, setSize] = useState(FIRST_EVENTS);
  const { data, isPending, error, isFetching } = usePersonEvents(driverId, { page: 0, size });
  const events = data?.content ?? [];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id="monitoring-history-heading">
        History
      </Title>
      <QueryState what="history" isPending={isPending} error={error} isEmpty={events.length === 0} empty="Nothing yet: enrolments, alerts and reviews of this driver appear here.">
        <Box component="ol" aria-labelledby="monitoring-history-heading" m={0} p={0} style={{ listStyle: 'none' }}>
          {events.map((event) => (
            <Box component="li" key={event.id} py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
              <Group justify="space-between" gap="xs" align="baseline" wrap="wrap">
                <Text fz="sm" fw={600}>
                  {PERSON_EVENT_LABELS[event.type]}
                </Text>
                <Text fz="xs" c="dimmed">
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time> · {event.actorName ?? 'Clearlane'}
                </Text>
              </Group>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {event.message}
              </Text>
            </Box>
          ))}
        </Box>
      </QueryState>
      {data && data.page.totalElements > events.length && (
        <Group>
          <Button variant="subtle" size="xs" loading={isFetching} onClick={() => setSize((current) => Math.min(current + MORE_EVENTS, 100))}>
            Show older events
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function MonitoringPanel({ driver, mayManage }: { driver: Person; mayManage: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="driver-monitoring-heading">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="driver-monitoring-heading">
            Monitoring
          </Title>
          <Text fz="sm" c="dimmed">
            {coverageSentence(driver)}
          </Text>
        </Stack>
        {MONITORING_ORDER.map((type, index) => (
          <Stack key={type} gap="md">
            {index > 0 && <Divider />}
            <EnrolmentRow driver={driver} type={type} mayManage={mayManage} />
          </Stack>
        ))}
        <Divider />
        <MonitoringHistory driverId={driver.id} />
      </Stack>
    </Paper>
  );
}
