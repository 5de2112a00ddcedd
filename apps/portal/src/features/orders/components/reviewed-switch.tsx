// The reviewed flag of one order: a switch for those who may manage orders, plain words for the rest.
import { Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { Order } from '@clearlane/contract/orders';
import { Can } from '../../../lib/ability.tsx';
import { useSetOrderReviewed } from '../api/set-order-reviewed.ts';

interface ReviewedSwitchProps {
  order: Pick<Order, 'id' | 'isReviewed' | 'subjectLabel'>;
  /** A visible label (detail page) rather than one only screen readers hear (list rows). */
  withLabel?: boolean;
}

export function ReviewedSwitch({ order, withLabel = false }: ReviewedSwitchProps) {
  return (
    <>
      <Can I="manage" a="Order">
        <ReviewedToggle order={order} withLabel={withLabel} />
      </Can>
      <Can not I="manage" a="Order">
        <Text span fz="sm" c={order.isReviewed ? undefined : 'dimmed'}>
          {withLabel ? (order.isReviewed ? 'Reviewed' : 'Not reviewed') : order.isReviewed ? 'Yes' : 'No'}
        </Text>
      </Can>
    </>
  );
}

function ReviewedToggle({ order, withLabel }: Required<ReviewedSwitchProps>) {
  const setReviewed = useSetOrderReviewed();
  // The switch answers the click at once; the caches follow a moment later (useSetOrderReviewed),
  // and a refusal puts both back.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const pendingForThis = setReviewed.isPending && setReviewed.variables?.id === order.id;
  return (
    <Switch
      checked={clicked ?? order.isReviewed}
      onChange={(event) => {
        const isReviewed = event.currentTarget.checked;
        setClicked(isReviewed);
        setReviewed.mutate({ id: order.id, isReviewed }, { onSettled: () => setClicked(null) });
      }}
      label={withLabel ? 'Reviewed' : undefined}
      aria-label={withLabel ? undefined : `Reviewed: ${order.subjectLabel}`}
      aria-busy={pendingForThis || undefined}
      color="teal.9"
      size={withLabel ? 'md' : 'sm'}
    />
  );
}
