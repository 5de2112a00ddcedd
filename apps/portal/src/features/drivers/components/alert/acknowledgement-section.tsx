// The acknowledgement of an alert. Acknowledged: who, when, the note and whether it was recorded as
// the annual review. Open: a form for users who may create Monitoring (note, optionally "record as the
// driver's annual review" with the decision); others read that it waits for a Manager. The server
// checks the role again and keeps the first acknowledgement if two people race.
import { Alert, Anchor, Button, Checkbox, Paper, Radio, Stack, Text, Textarea, Title, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { AnnualReviewDecision, DriverAlertDetail } from '@clearlane/contract/monitoring';
import { ApiError } from '../../../../lib/api-error.ts';
import { REVIEW_DECISION_LABELS } from '../../../../lib/monitoring-labels.ts';
import { notify } from '../../../../lib/toasts/notify.ts';
import { useAcknowledgeAlert } from '../../api/acknowledge-alert.ts';
import { formatDateTime } from '../format.ts';
import { useMonitoringAccess } from '../monitoring/use-monitoring-access.ts';

export const NOTE_MAX = 2000;

interface Values {
  note: string;
  recordReview: boolean;
  decision: AnnualReviewDecision;
}

function Acknowledged({ alert }: { alert: DriverAlertDetail }) {
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconCircleCheck size={20} aria-hidden color="var(--mantine-color-teal-9)" style={{ flexShrink: 0 }} />
        <Text fz="sm">
          Acknowledged by <strong>{alert.acknowledgedByName ?? 'a former user'}</strong> on{' '}
          <time dateTime={alert.acknowledgedAt ?? undefined}>{formatDateTime(alert.acknowledgedAt!)}</time>.
        </Text>
      </Group>
      {alert.acknowledgementNote ? (
        <Stack gap={2}>
          <Text fz="xs" c="dimmed">
            Note
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {alert.acknowledgementNote}
          </Text>
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          No note was left.
        </Text>
      )}
      {alert.annualReviewId && (
        <Text fz="sm">
          Recorded as the driver's annual review (see{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/drivers/$id" params={{ id: alert.personId }} hash="annual-reviews-heading" />} fz="sm">
            annual reviews
          </Anchor>
          ).
        </Text>
      )}
    </Stack>
  );
}

function AcknowledgeForm({ alert }: { alert: DriverAlertDetail }) {
  const acknowledge = useAcknowledgeAlert();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { note: '', recordReview: false, decision: 'QUALIFIED' },
    validate: { note: (note) => (note.trim().length > NOTE_MAX ? `Note must be at most ${NOTE_MAX} characters` : null) },
  });

  const submit = form.onSubmit((values) => {
    const note = values.note.trim();
    // mutateAsync, not mutate's callbacks: on success this form gives way to the acknowledgement
    // (it unmounts), and the toast must still say so.
    acknowledge
      .mutateAsync({
        personId: alert.personId,
        alertId: alert.id,
        body: { ...(note ? { note } : {}), ...(values.recordReview ? { annualReview: { decision: values.decision } } : {}) },
      })
      .then(
        () => notify.success(values.recordReview ? 'Alert acknowledged and annual review recorded' : 'Alert acknowledged'),
        (error: Error) => {
          const message = error instanceof ApiError ? error.fieldMessage('note') : undefined;
          if (message) form.setFieldError('note', `Note ${message}`);
          notify.error(error.message, { title: 'The alert could not be acknowledged' });
        },
      );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Acknowledging records that you have seen this change and acted on it, with your name and the time.
        </Text>
        <Textarea
          label="Note"
          description="What you did about it (optional)"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={NOTE_MAX}
          {...form.getInputProps('note')}
        />
        <Checkbox
          label="Also record this as the driver's annual review"
          description="Against the fresh MVR of this change, or the driver's latest MVR"
          {...form.getInputProps('recordReview', { type: 'checkbox' })}
        />
        {form.values.recordReview && (
          <Radio.Group label="Review decision" required {...form.getInputProps('decision')}>
            <Stack gap={6} mt={6}>
              {(Object.keys(REVIEW_DECISION_LABELS) as AnnualReviewDecision[]).map((decision) => (
                <Radio key={decision} value={decision} label={REVIEW_DECISION_LABELS[decision]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={acknowledge.isPending}>
            Acknowledge alert
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AcknowledgementSection({ alert }: { alert: DriverAlertDetail }) {
  const { mayManage } = useMonitoringAccess();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="alert-acknowledgement-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="alert-acknowledgement-heading">
          Acknowledgement
        </Title>
        {alert.acknowledgedAt ? (
          <Acknowledged alert={alert} />
        ) : mayManage ? (
          <AcknowledgeForm alert={alert} />
        ) : (
          <Alert color="gray" variant="light" title="Not acknowledged yet">
            <Text fz="sm">Managers and Company Admins acknowledge alerts. You can read this one.</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
