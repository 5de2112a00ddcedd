// The reports of a claim: each attached order with the claim's judgement of it (status, outcome,
// deciding rules, ruleset and its version) and a link to the order; detaching one; attaching an
// existing order of the company with a ruleset; placing a new MVR or vehicle report for a driver or
// vehicle of the claim and attaching it at once.
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import type { ClaimDetail, ClaimOrder } from '@clearlane/contract/claims';
import type { Order } from '@clearlane/contract/orders';
import { RulesetSelect } from '../../../components/ruleset-select.tsx';
import { OrderPicker } from '../../../components/subject-pickers.tsx';
import { useAttachClaimOrder, useDetachClaimOrder } from '../../../lib/entities/claims/mutate-claim.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { ClaimOrderCard } from './claim-order-card.tsx';

function AttachedOrder({ claimId, order, mayChange }: { claimId: string; order: ClaimOrder; mayChange: boolean }) {
  const detach = useDetachClaimOrder(claimId);
  return (
    <ClaimOrderCard
      orderId={order.orderId}
      type={order.type}
      subjectLabel={order.subjectLabel}
      status={order.orderStatus}
      outcome={order.outcome}
      summary={order.adjudication?.summary}
      failureReason={order.failureReason}
      ruleset={order.adjudicationRuleset}
      rulesetVersion={order.judgedAt ? order.rulesetVersion : null}
      decidingRuleIds={order.adjudication?.decidingRuleIds ?? []}
      dated={{ term: 'Attached', at: order.attachedAt }}
    >
      {mayChange && (
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            leftSection={<IconLinkOff size={14} aria-hidden />}
            loading={detach.isPending}
            aria-label={`Detach ${order.subjectLabel}`}
            // Awaited rather than mutate's callbacks, which React Query drops when the card unmounts first (the claim saved removes it).
            onClick={() =>
              detach.mutateAsync({ orderId: order.orderId }).then(
                () => notify.success(`${order.subjectLabel} detached`),
                (error: Error) => notify.error(error.message, { title: 'The report could not be detached' }),
              )
            }
          >
            Detach
          </Button>
        </Group>
      )}
    </ClaimOrderCard>
  );
}

/** Attach an existing order of the company, judged by the ruleset chosen (the claim's when none is). */
export function AttachOrderForm({ claim, mayPublish }: { claim: ClaimDetail; mayPublish: boolean }) {
  const attach = useAttachClaimOrder(claim.id);
  const [order, setOrder] = useState<Order | undefined>();
  const [ruleset, setRuleset] = useState('');
  const [publishIfPossible, setPublishIfPossible] = useState(false);
  const attached = order !== undefined && claim.orders.some((existing) => existing.orderId === order.id);
  return (
    <Stack
      gap="sm"
      component="form"
      aria-labelledby="attach-order-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (!order) return;
        attach.mutate(
          { orderId: order.id, adjudicationRuleset: ruleset || null, ...(mayPublish && publishIfPossible ? { publishIfPossible: true } : {}) },
          {
            onSuccess: () => {
              notify.success(`${order.subjectLabel} attached`);
              setOrder(undefined);
            },
          },
        );
      }}
    >
      <Title order={3} size="h6" id="attach-order-heading">
        Attach an existing order
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <OrderPicker label="Order" picked={order} onPick={setOrder} required />
        <RulesetSelect
          label="Judge MVRs by"
          value={ruleset}
          onChange={setRuleset}
          emptyLabel={`The claim’s ruleset (${claim.adjudicationRuleset ?? 'default'})`}
          description="Vehicle and risk reports keep their own outcome."
        />
      </SimpleGrid>
      {attached && (
        <Text fz="sm" c="dimmed">
          This order is attached already: attaching it again judges it again with the ruleset chosen.
        </Text>
      )}
      {attach.error && (
        <Alert color="red" variant="light" role="alert" title="The order could not be attached">
          {attach.error.message}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        {mayPublish ? (
          <Checkbox label="Publish as soon as the claim is complete" checked={publishIfPossible} onChange={(event) => setPublishIfPossible(event.currentTarget.checked)} />
        ) : (
          <span />
        )}
        <Button type="submit" leftSection={<IconPaperclip size={16} aria-hidden />} loading={attach.isPending} disabled={!order}>
          Attach
        </Button>
      </Group>
    </Stack>
  );
}

export function AttachedOrders({ claim, mayChange }: { claim: ClaimDetail; mayChange: boolean }) {
  if (claim.orders.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No report is attached yet. A claim is published with the reports an insurer relies on: the drivers’ MVRs, the vehicles’ reports.
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" m={0} p={0} aria-label="Attached reports">
      {claim.orders.map((order) => (
        <AttachedOrder key={order.orderId} claimId={claim.id} order={order} mayChange={mayChange} />
      ))}
    </Stack>
  );
}
