// The FCRA adverse action of a completed MVR or person risk assessment (issue 13): before acting on
// the report (not hiring, letting a driver go), the company gives the subject a pre-adverse action
// notice with a copy of the report and "A Summary of Your Rights Under the FCRA" (15 U.S.C.
// §1681b(b)(3)), waits the waiting period, then gives the final adverse action notice (§1681m(a)), or
// cancels. Clearlane sends nothing: each step records that the notice was given, how and when, in
// the order's timeline. Everyone who sees the order sees the steps; a Manager (manage Order) takes them.
import { Alert, Badge, Box, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconCircleDashed, IconClockHour4, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  ADVERSE_ACTION_WAITING_BUSINESS_DAYS, NOTICE_DELIVERY_METHODS, waitingPeriodOver, type AdverseAction, type NoticeDeliveryMethod,
} from '@clearlane/contract/order-review';
import { QueryContent } from '../../../components/query-content.tsx';
import { useAbility } from '../../../lib/ability.tsx';
import { notify } from '../../../lib/toasts/notify.ts';
import { useAdverseAction, useAdverseActionStep, type AdverseActionStep } from '../api/adverse-action.ts';
import { formatDate, formatDateTime } from './format.ts';

const DELIVERY_OPTIONS = Object.entries(NOTICE_DELIVERY_METHODS).map(([value, label]) => ({ value, label }));
const delivered = (method: NoticeDeliveryMethod | null) => (method ? NOTICE_DELIVERY_METHODS[method].toLowerCase() : '');

export function AdverseActionSection({ orderId }: { orderId: string }) {
  const action = useAdverseAction(orderId);
  const mayAct = useAbility().can('manage', 'Order');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="adverse-action-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="adverse-action-heading">
          Adverse action (FCRA)
        </Title>
        <Text fz="sm" c="dimmed">
          Before acting on this report, give the subject a pre-adverse action notice with a copy of the report and “A Summary of Your Rights Under the FCRA”, wait{' '}
          {ADVERSE_ACTION_WAITING_BUSINESS_DAYS} business days, then give the final notice. Clearlane records each step; it does not send the notices.
        </Text>
        <QueryContent query={action} loadingLabel="Loading the adverse action" errorTitle="The adverse action could not be loaded">
          {(data) => (
            <>
              <AdverseActionSteps action={data} />
              {mayAct && <NextStep orderId={orderId} action={data} />}
            </>
          )}
        </QueryContent>
      </Stack>
    </Paper>
  );
}

function Step({ done, current, title, children }: { done: boolean; current?: boolean; title: string; children: ReactNode }) {
  const Icon = done ? IconCircleCheck : current ? IconClockHour4 : IconCircleDashed;
  return (
    <li>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box c={done ? 'teal.9' : current ? 'lane.7' : 'gray.6'} mt={2} aria-hidden>
          <Icon size={20} />
        </Box>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600}>
            {title}
            <VisuallyHidden>{done ? ' (done)' : current ? ' (under way)' : ' (not yet)'}</VisuallyHidden>
          </Text>
          <Text fz="sm">{children}</Text>
        </Stack>
      </Group>
    </li>
  );
}

/** The three steps, dated. */
export function AdverseActionSteps({ action, now = new Date() }: { action: AdverseAction; now?: Date }) {
  const started = action.preAdverseNoticeAt !== null;
  const final = action.finalNoticeAt !== null;
  const waitOver = action.finalNoticeAllowedOn !== null && waitingPeriodOver(action.finalNoticeAllowedOn, now);
  return (
    <Stack gap="xs">
      {action.status === 'CANCELLED' && action.cancelledAt && (
        <Alert color="gray" variant="light" icon={<IconX size={18} aria-hidden />} title="Cancelled">
          Cancelled on <time dateTime={action.cancelledAt}>{formatDateTime(action.cancelledAt)}</time>; no final notice was given. It can be started again.
        </Alert>
      )}
      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Adverse action steps">
        <Step done={started} title="1. Pre-adverse action notice">
          {action.preAdverseNoticeAt ? (
            <>
              Given {delivered(action.preAdverseDeliveryMethod)} on <time dateTime={action.preAdverseNoticeAt}>{formatDateTime(action.preAdverseNoticeAt)}</time>, with a copy of
              the report and the Summary of Your Rights.
            </>
          ) : (
            'Not given.'
          )}
        </Step>
        <Step done={started && (waitOver || final)} current={action.status === 'PRE_ADVERSE_NOTICE_SENT' && !waitOver} title="2. Waiting period">
          {action.finalNoticeAllowedOn ? (
            <>
              {ADVERSE_ACTION_WAITING_BUSINESS_DAYS} business days: the final notice can be given from{' '}
              <time dateTime={action.finalNoticeAllowedOn}>{formatDate(action.finalNoticeAllowedOn)}</time>.
            </>
          ) : (
            `${ADVERSE_ACTION_WAITING_BUSINESS_DAYS} business days after the pre-adverse action notice.`
          )}
        </Step>
        <Step done={final} title="3. Final adverse action notice">
          {action.finalNoticeAt ? (
            <>
              Given {delivered(action.finalDeliveryMethod)} on <time dateTime={action.finalNoticeAt}>{formatDateTime(action.finalNoticeAt)}</time>.
            </>
          ) : (
            'Not given.'
          )}
        </Step>
      </Stack>
      {final && (
        <Badge color="red.9" variant="filled" w="fit-content">
          Adverse action taken
        </Badge>
      )}
    </Stack>
  );
}

interface Values {
  deliveryMethod: string;
  reportCopySent: boolean;
  summaryOfRightsSent: boolean;
  notes: string;
}

/** The step a Manager can take now: start (or start again), or give the final notice or cancel. */
function NextStep({ orderId, action }: { orderId: string; action: AdverseAction }) {
  const step = useAdverseActionStep(orderId);
  const starting = action.status === 'NOT_STARTED' || action.status === 'CANCELLED';
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { deliveryMethod: '', reportCopySent: false, summaryOfRightsSent: false, notes: '' },
    validate: {
      deliveryMethod: (value) => (value === '' ? 'How the notice was given is required' : null),
      reportCopySent: (value) => (starting && !value ? 'Confirm that a copy of the report went with the notice' : null),
      summaryOfRightsSent: (value) => (starting && !value ? 'Confirm that the Summary of Your Rights went with the notice' : null),
    },
  });
  if (action.status === 'FINAL_NOTICE_SENT') return null;

  const notes = form.values.notes.trim() === '' ? null : form.values.notes.trim();
  const take = (next: AdverseActionStep, done: string) =>
    step.mutate(next, {
      onSuccess: () => {
        notify.success(done);
        form.reset();
      },
      onError: (error) => notify.error(error.message, { title: 'The adverse action step was not recorded' }),
    });
  const deliveryMethod = form.values.deliveryMethod as NoticeDeliveryMethod;
  const waitOver = action.finalNoticeAllowedOn !== null && waitingPeriodOver(action.finalNoticeAllowedOn, new Date());

  const submit = form.onSubmit(() =>
    starting
      ? take({ step: 'pre-adverse-notice', body: { deliveryMethod, reportCopySent: true, summaryOfRightsSent: true, notes } }, 'Pre-adverse action notice recorded')
      : take({ step: 'final-notice', body: { deliveryMethod, notes } }, 'Final adverse action notice recorded'),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={starting ? 'Record the pre-adverse action notice' : 'Record the final adverse action notice'}>
      <Stack gap="sm" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Text fz="sm" fw={600}>
          {starting ? 'Start adverse action' : 'Finish adverse action'}
        </Text>
        <Select
          label={starting ? 'How the pre-adverse action notice was given' : 'How the final notice was given'}
          placeholder="Pick one"
          data={DELIVERY_OPTIONS}
          required
          allowDeselect={false}
          {...form.getInputProps('deliveryMethod')}
          value={form.values.deliveryMethod === '' ? null : form.values.deliveryMethod}
          onChange={(value) => form.setFieldValue('deliveryMethod', value ?? '')}
        />
        {starting && (
          <>
            <Checkbox label="A copy of the report went with the notice" {...form.getInputProps('reportCopySent', { type: 'checkbox' })} />
            <Checkbox label="“A Summary of Your Rights Under the FCRA” went with the notice" {...form.getInputProps('summaryOfRightsSent', { type: 'checkbox' })} />
          </>
        )}
        <Textarea label="Notes" description="Kept in the timeline (optional)" autosize minRows={2} maxRows={5} maxLength={2000} {...form.getInputProps('notes')} />
        {!starting && !waitOver && action.finalNoticeAllowedOn && (
          <Text fz="sm" c="dimmed">
            The waiting period is not over: the final notice can be recorded from {formatDate(action.finalNoticeAllowedOn)}.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {!starting && (
            <Button variant="default" color="gray" loading={step.isPending && step.variables?.step === 'cancel'} onClick={() => take({ step: 'cancel', body: { notes } }, 'Adverse action cancelled')}>
              Cancel adverse action
            </Button>
          )}
          <Button type="submit" color={starting ? undefined : 'red.9'} disabled={!starting && !waitOver} loading={step.isPending && step.variables?.step !== 'cancel'}>
            {starting ? 'Record pre-adverse notice' : 'Record final notice'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
