// The motor vehicle record: licence, violations, accidents and DMV actions, most recent first.
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, type TitleOrder } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { accidentsNewestFirst, dmvActionsNewestFirst, violationsNewestFirst } from '@clearlane/contract/domain/mvr';
import { texasRecordTypeLabel } from '../../../lib/order-labels.ts';
import { LicenceStatusBadge, ViolationCategoryBadge } from './badges.tsx';
import type { MvrRecordContent } from './content-types.ts';
import { formatCalendarDate, formatDateTime, plural } from './format.ts';
import { Fact, Facts, ReportSection, ReportTable } from './report-sections.tsx';

function List({ items, none }: { items: string[]; none: string }) {
  if (items.length === 0) {
    return (
      <Text span fz="sm" c="dimmed" fw={400}>
        {none}
      </Text>
    );
  }
  return <>{items.join(', ')}</>;
}

function Tally({ label, value, alert }: { label: string; value: number; alert: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm" bg={alert ? 'var(--mantine-color-red-0)' : undefined}>
      <Text fz={28} fw={700} lh={1.1} c={alert ? 'red.9' : undefined}>
        {value}
      </Text>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

export function MvrContent({ record, level }: { record: MvrRecordContent; level: TitleOrder }) {
  const totalPoints = record.violations.reduce((sum, violation) => sum + violation.points, 0);
  const majors = record.violations.filter((violation) => violation.category === 'MAJOR').length;
  const subject = `${record.subject.firstName} ${record.subject.lastName}`;

  return (
    <Stack gap="md">
      {record.result === 'NO_RECORD_FOUND' && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="No record found">
          The state has no driving record for {subject} with this licence number.{record.reason ? ` ${record.reason}` : ''}
        </Alert>
      )}
      {record.result === 'STATE_NOT_FULFILLED' && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="The state did not fulfil this request">
          {record.reason ?? 'The state did not return a record. Order again later or ask the driver for a certified copy.'}
        </Alert>
      )}

      <ReportSection title="Driver and licence" level={level}>
        <Facts>
          <Fact term="Driver">{subject}</Fact>
          <Fact term="Date of birth">{formatCalendarDate(record.subject.dateOfBirth)}</Fact>
          {record.licence && (
            <>
              <Fact term="Licence">
                {record.licence.state} {record.licence.number}
              </Fact>
              <Fact term="Status">
                <LicenceStatusBadge status={record.licence.status} />
              </Fact>
              <Fact term="Class">{record.licence.class}</Fact>
              <Fact term="Issued">{formatCalendarDate(record.licence.issued)}</Fact>
              <Fact term="Expires">{formatCalendarDate(record.licence.expires)}</Fact>
              <Fact term="Endorsements">
                <List items={record.licence.endorsements} none="None" />
              </Fact>
              <Fact term="Restrictions">
                <List items={record.licence.restrictions} none="None" />
              </Fact>
            </>
          )}
          {record.texasRecordType && <Fact term="Texas record type">{texasRecordTypeLabel(record.texasRecordType)}</Fact>}
        </Facts>
      </ReportSection>

      {record.result === 'RECORD_FOUND' && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label="Record at a glance">
            <Tally label={`Violation${record.violations.length === 1 ? '' : 's'}`} value={record.violations.length} alert={majors > 0} />
            <Tally label="Points" value={totalPoints} alert={totalPoints >= 8} />
            <Tally label={`Accident${record.accidents.length === 1 ? '' : 's'}`} value={record.accidents.length} alert={record.accidents.some((accident) => accident.atFault)} />
            <Tally label={`DMV action${record.dmvActions.length === 1 ? '' : 's'}`} value={record.dmvActions.length} alert={record.dmvActions.some((action) => action.type !== 'REINSTATEMENT')} />
          </SimpleGrid>

          <ReportSection title="Violations" level={level} description={record.violations.length > 0 ? `${plural(record.violations.length, 'violation')}, ${plural(totalPoints, 'point')} in total, newest first.` : undefined}>
            <ReportTable
              label="Violations"
              rows={violationsNewestFirst(record.violations)}
              rowKey={(violation, index) => `${violation.date}-${violation.code}-${index}`}
              empty="No violations on record."
              columns={[
                { header: 'Date', cell: (violation) => formatCalendarDate(violation.date), nowrap: true },
                { header: 'Convicted', cell: (violation) => formatCalendarDate(violation.convictionDate), nowrap: true },
                { header: 'Code', cell: (violation) => violation.code },
                { header: 'Description', cell: (violation) => violation.description },
                { header: 'Category', cell: (violation) => <ViolationCategoryBadge category={violation.category} /> },
                { header: 'Points', cell: (violation) => violation.points, align: 'right' },
              ]}
            />
          </ReportSection>

          <ReportSection title="Accidents" level={level}>
            <ReportTable
              label="Accidents"
              rows={accidentsNewestFirst(record.accidents)}
              rowKey={(accident, index) => `${accident.date}-${index}`}
              empty="No accidents on record."
              columns={[
                { header: 'Date', cell: (accident) => formatCalendarDate(accident.date), nowrap: true },
                { header: 'Description', cell: (accident) => accident.description },
                {
                  header: 'At fault',
                  cell: (accident) =>
                    accident.atFault === null ? 'Not stated' : accident.atFault ? <Badge color="red.9">At fault</Badge> : 'Not at fault',
                },
                { header: 'Injuries', cell: (accident) => (accident.injuries ? 'Yes' : 'No') },
              ]}
            />
          </ReportSection>

          <ReportSection title="DMV actions" level={level} description="Suspensions, revocations, cancellations and reinstatements of the licence.">
            <ReportTable
              label="DMV actions"
              rows={dmvActionsNewestFirst(record.dmvActions)}
              rowKey={(action, index) => `${action.effectiveDate}-${action.type}-${index}`}
              empty="No DMV actions on record."
              columns={[
                { header: 'Action', cell: (action) => <Text span fz="sm" fw={600}>{action.type.charAt(0) + action.type.slice(1).toLowerCase()}</Text> },
                { header: 'Effective', cell: (action) => formatCalendarDate(action.effectiveDate), nowrap: true },
                { header: 'Until', cell: (action) => (action.endDate ? formatCalendarDate(action.endDate) : 'Open-ended'), nowrap: true },
                { header: 'Reason', cell: (action) => action.reason },
              ]}
            />
          </ReportSection>
        </>
      )}

      <Group gap="lg">
        <Text fz="xs" c="dimmed">
          Reported by the state {formatDateTime(record.reportedAt)}
        </Text>
        <Text fz="xs" c="dimmed">
          Provider reference {record.providerReference}
        </Text>
      </Group>
    </Stack>
  );
}
