// /orders/{id}: one order — what was ordered, where it is (polled every ~2 s until it finishes),
// its outcome with the rules that decided it, the report and its documents, the reviewed flag and
// sub-status, and its timeline. The route's loader fetched the order (a 404 shows the error page).
import { Alert, Anchor, Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRepeat } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { OrderDetail } from '@clearlane/contract/orders';
import { DetailHeader } from '../../../components/detail-header.tsx';
import { Can } from '../../../lib/ability.tsx';
import { useOrder } from '../api/get-order.ts';
import { isPending, ORDER_TYPE_LABELS, PLACE_ORDER_PATHS } from '../../../lib/order-labels.ts';
import { formatDateTime } from './format.ts';
import { OrderStatusBadge, OutcomeBadge } from './order-badges.tsx';
import { OrderInputSection } from './order-input.tsx';
import { OrderOutcome } from './order-outcome.tsx';
import { OrderProgress } from './order-progress.tsx';
import { OrderReportPreview } from './order-report-preview.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { ReviewedSwitch } from './reviewed-switch.tsx';
import { useArrivalFocus } from './use-arrival-focus.ts';
import { SubStatusForm } from './sub-status-form.tsx';
import { AdverseActionSection } from './adverse-action-section.tsx';
import { adverseActionApplies } from '@clearlane/contract/order-review';

const routeApi = getRouteApi('/_authenticated/orders/$id');
// The group's page is another section's route; the router resolves the path at run time.
const REPORT_GROUP_PATH = '/reports/group/$id' as never;

const NEXT_STEPS = {
  Failed: 'The provider refused this request. Check what was ordered (a licence number or state, a VIN, a business), correct it if needed, and place the order again.',
  Error: 'The provider could not be reached, even after several tries. Place the order again in a few minutes. If it keeps failing, contact support with the order id.',
} as const;

function FailureNotice({ order }: { order: OrderDetail & { status: 'Failed' | 'Error' } }) {
  // The placement page fills its form in with this order's input (?retryOf=); the driver or business
  // is named as well, so the page still pre-selects it should that input not load.
  const search = { retryOf: order.id, ...(order.personId ? { personId: order.personId } : order.businessId ? { businessId: order.businessId } : {}) };
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={order.status === 'Failed' ? 'This order failed' : 'This order ended in an error'}
      styles={{ title: { fontSize: 'var(--mantine-font-size-md)' } }}
    >
      <Stack gap="sm" align="flex-start">
        <Text fz="sm" fw={600}>
          {order.failureReason ?? 'The provider gave no reason.'}
        </Text>
        <Text fz="sm">{NEXT_STEPS[order.status]}</Text>
        <Can I="create" a="Order">
          {/* The placement pages are another section's routes; the router resolves the path at run time. */}
          <Button component={Link} to={PLACE_ORDER_PATHS[order.type] as never} search={search as never} size="xs" color="red.9" leftSection={<IconRepeat size={16} aria-hidden />}>
            Place the order again
          </Button>
        </Can>
      </Stack>
    </Alert>
  );
}

/**
 * The outcome section is for orders that have one, and for adjudicated MVRs still on their way to
 * one; a vehicle or risk report without an outcome, or a failed order, has nothing to show there.
 */
export const showsOutcome = (order: Pick<OrderDetail, 'outcome' | 'status' | 'type'>) =>
  order.outcome !== null || (isPending(order.status) && order.type === 'MVR_WITH_ADJUDICATION');

export function OrderPage() {
  const { id } = routeApi.useParams();
  const { data: order } = useOrder(id);
  const pending = isPending(order.status);
  const failed = order.status === 'Failed' || order.status === 'Error';
  const heading = useArrivalFocus<HTMLHeadingElement>();

  return (
    <Stack gap="lg">
      <DetailHeader
        trail={[{ label: 'Orders', to: '/orders' }]}
        current={order.subjectLabel}
        kicker={ORDER_TYPE_LABELS[order.type]}
        title={order.subjectLabel}
        headingRef={heading}
        badges={
          <>
            <Text span fz="sm">
              Status
            </Text>
            <OrderStatusBadge status={order.status} />
            {order.outcome && (
              <>
                <Text span fz="sm" ml="sm">
                  Outcome
                </Text>
                <OutcomeBadge outcome={order.outcome} />
              </>
            )}
            {order.subStatus && (
              <Text span fz="sm" ml="sm">
                Sub-status <strong>{order.subStatus}</strong>
              </Text>
            )}
          </>
        }
        actions={
          <Paper withBorder radius="md" px="md" py="sm" bg="gray.0">
            <ReviewedSwitch order={order} withLabel />
          </Paper>
        }
      >
        <Text fz="xs" c="dimmed">
          Ordered <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> · Order id <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{order.id}</span>
        </Text>
        {order.reportGroupId && (
          <Text fz="sm">
            Ordered in bulk:{' '}
            <Anchor component={Link} to={REPORT_GROUP_PATH} params={{ id: order.reportGroupId } as never} fz="sm" fw={600}>
              see its report group
            </Anchor>
          </Text>
        )}
      </DetailHeader>

      {pending && <OrderProgress status={order.status} />}
      {failed && <FailureNotice order={order as OrderDetail & { status: 'Failed' | 'Error' }} />}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {showsOutcome(order) && <OrderOutcome order={order} />}
            {order.status === 'Complete' && <OrderReportPreview order={order} />}
            <OrderTimeline events={order.events} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <OrderInputSection order={order} />
            <Can I="manage" a="Order">
              <SubStatusForm order={order} />
            </Can>
            {adverseActionApplies(order) && <AdverseActionSection orderId={order.id} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
