// The home page's daily work (issue 13), on its own chunk: "Needs review", the oldest completed
// orders nobody has reviewed yet with a link to all of them in the orders list, and "Order a report",
// a link to each order form the company's plugins allow.
import { Anchor, Badge, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronRight, IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Order } from '@clearlane/contract/orders';
import { ORDER_TYPE_LABELS, OUTCOME_COLORS, OUTCOME_LABELS } from '../../../lib/order-labels.ts';
import { placeOrderLinksFor } from '../../../lib/place-order-links.ts';
import { NEEDS_REVIEW_SEARCH, NEEDS_REVIEW_SHOWN, useNeedsReview } from '../api/get-needs-review.ts';
import { HomeSection } from './home-section.tsx';
import { MetricsCard } from './metrics-card.tsx';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const wholeNumber = new Intl.NumberFormat();
const DAY_MS = 86_400_000;
const NEEDS_REVIEW_ID = 'needs-review-heading';
const ORDER_REPORT_ID = 'order-report-heading';

export interface ReviewAndOrderProps {
  /** May view orders (and the company has the orders plugin). */
  review: boolean;
  /** May place orders. */
  order: boolean;
  plugins: readonly string[];
}

export default function ReviewAndOrder({ review, order, plugins }: ReviewAndOrderProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: review && order ? 2 : 1 }} spacing="lg">
      {review && <NeedsReviewCard />}
      {order && <OrderReportCard plugins={plugins} />}
    </SimpleGrid>
  );
}

const waitingFor = (completedAt: string | null, now: number) => {
  if (!completedAt) return null;
  const days = Math.floor((now - new Date(completedAt).getTime()) / DAY_MS);
  return days < 1 ? 'completed today' : days === 1 ? 'completed 1 day ago' : `completed ${wholeNumber.format(days)} days ago`;
};

export function NeedsReviewCard() {
  const orders = useNeedsReview(true);
  const page = orders.data;
  const total = page?.page.totalElements ?? 0;
  // "Waiting N days" as of when the list arrived.
  const now = orders.dataUpdatedAt;
  return (
    <MetricsCard
      title="Needs review"
      headingId={NEEDS_REVIEW_ID}
      icon={<IconClipboardCheck size={18} />}
      note="Oldest first"
      query={orders}
      skeleton={
        <Stack gap="xs">
          <VisuallyHidden>Loading the orders that need review…</VisuallyHidden>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} h={40} radius="sm" />
          ))}
        </Stack>
      }
    >
      {page && page.content.length === 0 ? (
        <Text fz="sm">Every completed order is reviewed. New ones will be listed here.</Text>
      ) : page ? (
        <Stack gap="sm">
          <Stack gap={0} component="ol" m={0} p={0} aria-labelledby={NEEDS_REVIEW_ID} style={{ listStyle: 'none' }}>
            {page.content.map((row) => (
              <NeedsReviewRow key={row.id} order={row} now={now} />
            ))}
          </Stack>
          <Anchor fz="sm" fw={600} renderRoot={(props) => <Link {...props} to="/orders" search={NEEDS_REVIEW_SEARCH} />}>
            {total > NEEDS_REVIEW_SHOWN
              ? `See all ${page.page.totalElementsCapped ? 'more than ' : ''}${wholeNumber.format(total)} orders to review`
              : 'Open them in the orders list'}
          </Anchor>
        </Stack>
      ) : null}
    </MetricsCard>
  );
}

function NeedsReviewRow({ order, now }: { order: Order; now: number }) {
  const waiting = waitingFor(order.completedAt, now);
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" justify="space-between" py={8} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} renderRoot={(props) => <Link {...props} to="/orders/$id" params={{ id: order.id }} />}>
          {order.subjectLabel}
        </Anchor>
        <Text fz="xs" c="dimmed">
          {ORDER_TYPE_LABELS[order.type]}
          {' · ordered '}
          <time dateTime={order.createdAt}>{day.format(new Date(order.createdAt))}</time>
          {waiting && ` · ${waiting}`}
        </Text>
      </Stack>
      {order.outcome && (
        <Badge color={OUTCOME_COLORS[order.outcome]} variant="filled" radius="sm" style={{ flexShrink: 0 }}>
          {OUTCOME_LABELS[order.outcome]}
        </Badge>
      )}
    </Group>
  );
}

export function OrderReportCard({ plugins }: { plugins: readonly string[] }) {
  const links = placeOrderLinksFor(plugins);
  return (
    <HomeSection title="Order a report" icon={<IconPlus size={18} aria-hidden />} headingId={ORDER_REPORT_ID}>
      <Stack gap={0} component="ul" m={0} p={0} aria-labelledby={ORDER_REPORT_ID} style={{ listStyle: 'none' }}>
        {links.map(({ to, label, description, icon: Icon }) => (
          <li key={to} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <UnstyledButton component={Link} to={to} py={8} px={4} w="100%" display="block">
              <Group wrap="nowrap" gap="sm" justify="space-between">
                <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                  <ThemeIcon variant="light" radius="md" aria-hidden>
                    <Icon size={18} />
                  </ThemeIcon>
                  <div style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={600}>
                      {label}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {description}
                    </Text>
                  </div>
                </Group>
                <IconChevronRight size={16} aria-hidden style={{ flexShrink: 0 }} />
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </HomeSection>
  );
}
