import { Badge, Loader } from '@mantine/core';
import type { OrderStatus, Outcome } from '@clearlane/contract/orders';
import { isPending, ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, OUTCOME_COLORS, OUTCOME_LABELS } from '../../../lib/order-labels.ts';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge
      color={ORDER_STATUS_COLORS[status]}
      variant="filled"
      style={{ minWidth: 'max-content' }}
      // A small spinner says "still moving" to sighted users; the text says the status to everyone.
      leftSection={isPending(status) ? <Loader size={10} color="white" aria-hidden /> : undefined}
    >
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

export function OutcomeBadge({ outcome }: { outcome: Outcome }) {
  return (
    <Badge color={OUTCOME_COLORS[outcome]} variant="filled" style={{ minWidth: 'max-content' }}>
      {OUTCOME_LABELS[outcome]}
    </Badge>
  );
}
