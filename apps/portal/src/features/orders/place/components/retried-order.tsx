// The order an order form places again (?retryOf=<order id>, linked from an order that failed or
// ended in an error): its input and tags are loaded before the form is drawn, because a Mantine
// form reads its initial values once. The search param is read here rather than passed by the route,
// so every form (the VIN route validates no search at all) reads it the same way.
import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconRepeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OrderType } from '@clearlane/contract/orders';
import { orderQueryOptions } from '../../api/get-order.ts';
import { orderInputQueryOptions } from '../../api/get-order-input.ts';
import type { RetriedOrder } from '../forms/retry.ts';
import { retryOrderSearchSchema } from '../place-search.ts';
import { OrderFormHeader } from './order-form-layout.tsx';

type RetriedOrderState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'ready'; order: RetriedOrder };

/** The order named by ?retryOf=, when it is one of `types` (the kinds of order this form places). */
function useRetriedOrder(types: readonly OrderType[]): RetriedOrderState {
  const { retryOf } = retryOrderSearchSchema.parse(useSearch({ strict: false }));
  const id = retryOf ?? '';
  const input = useQuery({ ...orderInputQueryOptions(id), enabled: id !== '' });
  const order = useQuery({ ...orderQueryOptions(id), enabled: id !== '' });
  if (!retryOf) return { status: 'none' };
  if (input.isError || order.isError) return { status: 'unavailable' };
  if (!input.data || !order.data) return { status: 'loading' };
  if (!types.includes(input.data.type)) return { status: 'unavailable' };
  const { type, subjectLabel, tags, riskAssessmentDefinitionName } = order.data;
  return { status: 'ready', order: { id, type, subjectLabel, input: input.data.input, tags, riskAssessmentDefinitionName } };
}

/** What the form is filled with, and what is left to do; nothing for a form opened afresh. */
function RetriedOrderNotice({ retried, advice }: { retried: RetriedOrderState; advice?: string }) {
  if (retried.status === 'unavailable') {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="The order to place again could not be loaded">
        The form starts empty: fill it in as for a new order.
      </Alert>
    );
  }
  if (retried.status !== 'ready') return null;
  return (
    <Alert color="blue" variant="light" icon={<IconRepeat size={18} aria-hidden />} title={`Placing again: ${retried.order.subjectLabel}`}>
      The form is filled in with what the earlier order asked for. {advice ?? 'Check the details, then place the order.'}
    </Alert>
  );
}

function RetriedOrderLoading() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading the order to place again">
      <Skeleton h={36} />
      <Skeleton h={220} />
    </Stack>
  );
}

/**
 * An order form's page: its header, what a retry filled in, and the form, drawn once the order to
 * place again (if any) has loaded; `form` gets that order, or undefined for a form opened afresh.
 */
export function OrderFormPage(props: {
  title: string;
  intro: ReactNode;
  types: readonly OrderType[];
  advice?: (order: RetriedOrder) => string;
  form: (retried: RetriedOrder | undefined) => ReactNode;
}) {
  const retried = useRetriedOrder(props.types);
  return (
    <Stack gap="lg" maw={960}>
      <OrderFormHeader title={props.title}>{props.intro}</OrderFormHeader>
      <RetriedOrderNotice retried={retried} advice={retried.status === 'ready' ? props.advice?.(retried.order) : undefined} />
      {retried.status === 'loading' ? <RetriedOrderLoading /> : props.form(retried.status === 'ready' ? retried.order : undefined)}
    </Stack>
  );
}
