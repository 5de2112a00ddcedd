// What changed on the driver's record: the provider's summary, the facts before and after as a
// two-column table, and the new violation or DMV action as the MVR states it.
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AlertChange } from '@clearlane/contract/monitoring';
import { BeforeAfterTable } from '../../../../components/before-after-table.tsx';
import { Detail } from '../../../../components/detail.tsx';
import { formatCalendarDate, formatDateTime } from '../format.ts';

const NOTHING = (
  <Text span c="dimmed" fz="sm">
    —
  </Text>
);

function ChangeValues({ values }: { values: AlertChange['values'] }) {
  if (values.length === 0) return null;
  return (
    <BeforeAfterTable
      caption="Values before and after the change"
      captionHidden
      headers={{ field: 'What' }}
      markChanged
      rows={values.map((value) => ({ key: value.label, field: value.label, before: value.before ?? NOTHING, after: value.after ?? NOTHING, changed: value.before !== value.after }))}
    />
  );
}

function ViolationDetails({ violation }: { violation: NonNullable<AlertChange['violation']> }) {
  return (
    <Paper withBorder radius="sm" p="md" bg="gray.0" component="section" aria-labelledby="alert-violation-heading">
      <Stack gap="sm">
        <Title order={3} size="h5" id="alert-violation-heading">
          New violation
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
          <Detail term="Violation">
            {violation.description}{' '}
            <Text span ff="monospace" fz="xs" c="dimmed">
              ({violation.code})
            </Text>
          </Detail>
          <Detail term="Category">{violation.category}</Detail>
          <Detail term="Points">{violation.points}</Detail>
          <Detail term="Violation date">
            <time dateTime={violation.date}>{formatCalendarDate(violation.date)}</time>
          </Detail>
          <Detail term="Conviction date">
            {violation.convictionDate ? <time dateTime={violation.convictionDate}>{formatCalendarDate(violation.convictionDate)}</time> : 'Not convicted yet'}
          </Detail>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function DmvActionDetails({ action }: { action: NonNullable<AlertChange['dmvAction']> }) {
  return (
    <Paper withBorder radius="sm" p="md" bg="gray.0" component="section" aria-labelledby="alert-dmv-action-heading">
      <Stack gap="sm">
        <Title order={3} size="h5" id="alert-dmv-action-heading">
          DMV action
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
          <Detail term="Action">{action.type}</Detail>
          <Detail term="Reason">{action.reason}</Detail>
          <Detail term="Effective">
            <time dateTime={action.effectiveDate}>{formatCalendarDate(action.effectiveDate)}</time>
          </Detail>
          <Detail term="Ends">{action.endDate ? <time dateTime={action.endDate}>{formatCalendarDate(action.endDate)}</time> : 'Open-ended'}</Detail>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

export function AlertChangeSection({ change }: { change: AlertChange }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="alert-change-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="alert-change-heading">
          What changed
        </Title>
        <Text fz="sm" fw={500}>
          {change.summary}
        </Text>
        <ChangeValues values={change.values} />
        {change.violation && <ViolationDetails violation={change.violation} />}
        {change.dmvAction && <DmvActionDetails action={change.dmvAction} />}
        <Text fz="xs" c="dimmed">
          Detected <time dateTime={change.detectedAt}>{formatDateTime(change.detectedAt)}</time>
          {change.providerChangeId && (
            <>
              {' '}
              · Provider change{' '}
              <Text span ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                {change.providerChangeId}
              </Text>
            </>
          )}
        </Text>
      </Stack>
    </Paper>
  );
}
