// The driver's annual reviews (49 CFR 391.25: at least every 12 months, an MVR reviewed, with a
// dated note and the reviewer's name), newest first, and recording one against one of the driver's
// complete MVR orders, for users who may create Monitoring.
import { Anchor, Button, Collapse, Group, Paper, Radio, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClipboardCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { RecordAnnualReviewBodySchema, type AnnualReviewDecision } from '@clearlane/contract/monitoring';
import { ApiError } from '../../../../lib/api-error.ts';
import { REVIEW_DECISION_LABELS } from '../../../../lib/monitoring-labels.ts';
import { ORDER_TYPE_LABELS } from '../../../../lib/order-labels.ts';
import { notify } from '../../../../lib/toasts/notify.ts';
import { useSubjectOrders } from '../../../../components/subject-orders/get-subject-orders.ts';
import { useAnnualReviews, useRecordAnnualReview } from '../../api/annual-reviews.ts';
import { formatCalendarDate, formatDateTime } from '../format.ts';
import { QueryState } from './query-state.tsx';

const LABELS = { orderId: 'MVR', reviewedOn: 'Review date', note: 'Note', decision: 'Decision' } as const;
type Field = keyof typeof LABELS;

interface Values {
  orderId: string | null;
  reviewedOn: string;
  note: string;
  decision: AnnualReviewDecision;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The contract's problems as sentences naming the field ("Note is required"). */
export function validateReview(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.orderId) errors.orderId = 'Choose the MVR you reviewed';
  const result = RecordAnnualReviewBodySchema.safeParse({ ...values, orderId: values.orderId ?? undefined });
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (field in LABELS && !errors[field]) errors[field] = `${LABELS[field]} ${issue.message}`;
  }
  return errors;
}

function RecordReviewForm({ driverId, onDone }: { driverId: string; onDone: () => void }) {
  const record = useRecordAnnualReview();
  const orders = useSubjectOrders({ personId: driverId, status: 'Complete', page: 0, size: 50, sort: 'completedAt,desc' });
  const mvrs = (orders.data?.content ?? []).filter((order) => order.type === 'MVR' || order.type === 'MVR_WITH_ADJUDICATION');
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { orderId: null, reviewedOn: today(), note: '', decision: 'QUALIFIED' },
    validate: validateReview,
  });

  const submit = form.onSubmit((values) => {
    record.mutate(
      { personId: driverId, body: { orderId: values.orderId!, reviewedOn: values.reviewedOn, note: values.note.trim(), decision: values.decision } },
      {
        onSuccess: () => {
          notify.success('Annual review recorded');
          form.reset();
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const field of Object.keys(LABELS) as Field[]) {
              const message = error.fieldMessage(field);
              if (message) form.setFieldError(field, `${LABELS[field]} ${message}`);
            }
          }
          notify.error(error.message, { title: 'The annual review could not be recorded' });
        },
      },
    );
  });

  if (!orders.isPending && mvrs.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {orders.error ? `The driver's MVRs could not be loaded: ${orders.error.message}` : 'A review is recorded against a complete MVR of the driver. Order an MVR first.'}
      </Text>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="record-review-heading">
      <Stack gap="sm">
        <Title order={3} size="h5" id="record-review-heading">
          Record an annual review
        </Title>
        <Select
          label="MVR reviewed"
          placeholder={orders.isPending ? 'Loading the MVRs…' : 'Choose an MVR'}
          required
          data={mvrs.map((order) => ({
            value: order.id,
            label: `${ORDER_TYPE_LABELS[order.type]} of ${formatDateTime(order.completedAt ?? order.createdAt)}${order.outcome ? ` · ${order.outcome}` : ''}`,
          }))}
          {...form.getInputProps('orderId')}
        />
        <TextInput type="date" label="Review date" required max={today()} {...form.getInputProps('reviewedOn')} />
        <Textarea label="Note" description="What you reviewed and concluded" required autosize minRows={2} maxRows={6} maxLength={2000} {...form.getInputProps('note')} />
        <Radio.Group label="Decision" required {...form.getInputProps('decision')}>
          <Group gap="lg" mt={6}>
            {(Object.keys(REVIEW_DECISION_LABELS) as AnnualReviewDecision[]).map((decision) => (
              <Radio key={decision} value={decision} label={REVIEW_DECISION_LABELS[decision]} />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AnnualReviewsPanel({ driverId, mayManage, linkOrders }: { driverId: string; mayManage: boolean; linkOrders: boolean }) {
  const { data, isPending, error } = useAnnualReviews(driverId);
  const reviews = data ?? [];
  const [recording, setRecording] = useState(false);

  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="annual-reviews-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h4" id="annual-reviews-heading">
            Annual reviews
          </Title>
          {mayManage && !recording && (
            <Button variant="light" leftSection={<IconClipboardCheck size={16} aria-hidden />} onClick={() => setRecording(true)}>
              Record annual review
            </Button>
          )}
        </Group>
        <Text fz="sm" c="dimmed" mt={-8}>
          At least once every 12 months, an MVR of the prior 12 months is reviewed, with a dated note and the reviewer's name.
        </Text>
        {mayManage && (
          <Collapse expanded={recording}>
            <Paper withBorder radius="sm" p="md" bg="gray.0">
              {recording && <RecordReviewForm driverId={driverId} onDone={() => setRecording(false)} />}
            </Paper>
          </Collapse>
        )}
        <QueryState what="reviews" isPending={isPending} error={error} isEmpty={reviews.length === 0} empty="No annual review recorded yet.">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" aria-labelledby="annual-reviews-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Reviewed</Table.Th>
                  <Table.Th scope="col">Decision</Table.Th>
                  <Table.Th scope="col">Reviewer</Table.Th>
                  <Table.Th scope="col">Note</Table.Th>
                  <Table.Th scope="col">MVR</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reviews.map((review) => (
                  <Table.Tr key={review.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={review.reviewedOn}>{formatCalendarDate(review.reviewedOn)}</time>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" fw={600} c={review.decision === 'QUALIFIED' ? 'teal.9' : 'red.9'}>
                        {REVIEW_DECISION_LABELS[review.decision]}
                      </Text>
                    </Table.Td>
                    <Table.Td>{review.reviewerName}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{review.note}</Table.Td>
                    <Table.Td>
                      {linkOrders ? (
                        <Anchor renderRoot={(props) => <Link {...props} to="/orders/$id" params={{ id: review.orderId }} />} fz="sm">
                          Open the MVR
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </QueryState>
      </Stack>
    </Paper>
  );
}
