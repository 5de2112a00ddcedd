// The monitoring and qualification cells of the driver list: the qualification badge with its first
// reason written under it, the monitoring enrolments, and the dates of the next annual review and of
// the last MVR. Dates are plain text (not <time>): the list's birth dates are its only <time> dates.
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Person } from '@clearlane/contract/persons';
import { MONITORING_TYPE_LABELS, MONITORING_TYPE_SHORT_LABELS, QUALIFICATION_COLORS, QUALIFICATION_LABELS } from '../../../lib/monitoring-labels.ts';
import { date, formatCalendarDate } from './format.ts';

const today = () => new Date().toISOString().slice(0, 10);

function None({ children = '—' }: { children?: string }) {
  return (
    <Text span fz="sm" c="dimmed">
      {children}
    </Text>
  );
}

export function QualificationCell({ driver }: { driver: Person }) {
  const { status, reasons } = driver.qualification;
  const [first, ...others] = reasons;
  return (
    <Stack gap={2} align="flex-start" maw={240}>
      <Badge color={QUALIFICATION_COLORS[status]} variant="filled" radius="sm" tt="none" style={{ flexShrink: 0 }}>
        {QUALIFICATION_LABELS[status]}
      </Badge>
      {first && (
        // The first reason is the most serious; the others are on the driver's page (and in the title).
        <Text fz="xs" c="dimmed" lineClamp={2} title={reasons.join('\n')}>
          {first}
          {others.length > 0 ? ` (+${others.length} more)` : ''}
        </Text>
      )}
    </Stack>
  );
}

export function MonitoringCell({ driver }: { driver: Person }) {
  if (driver.monitoring.length === 0) return <None>Not enrolled</None>;
  return (
    <Group gap={4}>
      {driver.monitoring.map((enrolment) => (
        <Badge key={enrolment.monitoringType} title={MONITORING_TYPE_LABELS[enrolment.monitoringType]} style={{ flexShrink: 0 }} variant={enrolment.status === 'ACTIVE' ? 'light' : 'outline'} color={enrolment.status === 'ACTIVE' ? 'lane' : 'gray.7'} radius="sm" tt="none">
          {MONITORING_TYPE_SHORT_LABELS[enrolment.monitoringType]}
          {enrolment.status === 'PENDING' ? ', pending' : ''}
        </Badge>
      ))}
    </Group>
  );
}

/** The next annual review: its day, in red once past; "Due now" before the first review. */
export function ReviewDueCell({ driver }: { driver: Person }) {
  const due = driver.qualification.annualReviewDueOn;
  if (!due) return <Text span fz="sm" c="red.9" fw={600}>Due now</Text>;
  const overdue = due < today();
  return (
    <Text span fz="sm" c={overdue ? 'red.9' : undefined} fw={overdue ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatCalendarDate(due.slice(0, 10))}
      {overdue ? ' (overdue)' : ''}
    </Text>
  );
}

export function LastMvrCell({ driver }: { driver: Person }) {
  const last = driver.qualification.lastMvrDate;
  if (!last) return <None>No MVR yet</None>;
  return (
    <Text span fz="sm" style={{ whiteSpace: 'nowrap' }}>
      {last.length === 10 ? formatCalendarDate(last) : date.format(new Date(last))}
    </Text>
  );
}
