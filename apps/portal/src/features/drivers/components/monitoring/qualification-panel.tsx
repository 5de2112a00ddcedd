// The driver's qualification file at a glance (49 CFR 391.25): qualified, needs attention or not
// qualified, with the reasons, most serious first, and the dates an auditor asks for.
import { Anchor, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DriverQualification } from '@clearlane/contract/monitoring';
import { Detail } from '../../../../components/detail.tsx';
import { QualificationBadge } from '../../../../components/monitoring/monitoring-badges.tsx';
import { formatCalendarDate } from '../format.ts';

const NONE = (text: string) => (
  <Text span fz="sm" c="dimmed" fw={400}>
    {text}
  </Text>
);

const day = (value: string | null, missing: string) => (value ? <time dateTime={value.slice(0, 10)}>{formatCalendarDate(value)}</time> : NONE(missing));

export interface QualificationPanelProps {
  qualification: DriverQualification;
  /** Links the last MVR to its order (only for users who may see orders). */
  linkOrders: boolean;
}

/** The licence and medical certificate expiry dates are the page's Details. */
export function QualificationPanel({ qualification, linkOrders }: QualificationPanelProps) {
  const lastMvr = day(qualification.lastMvrDate, 'No MVR yet');
  const lastMvrOrderId = qualification.lastMvrOrderId;
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="driver-qualification-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h4" id="driver-qualification-heading">
            Qualification
          </Title>
          <QualificationBadge status={qualification.status} size="lg" />
        </Group>
        {qualification.reasons.length > 0 ? (
          <List size="sm" spacing={4} aria-label="Why">
            {qualification.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        ) : (
          <Text fz="sm">Everything an auditor asks for is in order.</Text>
        )}
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md" m={0}>
          <Detail term="Last MVR">
            {linkOrders && lastMvrOrderId ? (
              <Anchor renderRoot={(props) => <Link {...props} to="/orders/$id" params={{ id: lastMvrOrderId }} />} fz="sm" fw={500}>
                {lastMvr}
              </Anchor>
            ) : (
              lastMvr
            )}
          </Detail>
          <Detail term="Last annual review">{day(qualification.lastAnnualReviewOn, 'None recorded')}</Detail>
          <Detail term="Annual review due">{day(qualification.annualReviewDueOn, 'Now (no review yet)')}</Detail>
          <Detail term="Open alerts">{qualification.openAlerts}</Detail>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
