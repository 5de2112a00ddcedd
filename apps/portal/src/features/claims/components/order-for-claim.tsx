// "Order a report for this claim": an MVR for each driver of the claim (a company driver, or one typed
// in with licence and date of birth) and a vehicle report for each vehicle with a VIN, placed through
// the order fetchers every order form uses and attached to the claim at once, judged by the ruleset
// chosen (MVRs; a vehicle report keeps its own outcome).
import { Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCar, IconId } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ClaimDetail } from '@clearlane/contract/claims';
import type { PermissiblePurpose } from '@clearlane/contract/orders';
import { RulesetSelect } from '../../../components/ruleset-select.tsx';
import { attachClaimOrder, claimChanged } from '../../../lib/entities/claims/mutate-claim.ts';
import { useOptionalDriver } from '../../../lib/entities/drivers/get-driver.ts';
import { createMvrOrder, createVehicleOrder } from '../../../lib/entities/orders/place-orders.ts';
import { PERMISSIBLE_PURPOSE_OPTIONS } from '../../../lib/permissible-purposes.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { claimDrivers, claimVehicles, type ClaimDriver, type ClaimVehicle } from '../claim-subjects.ts';

type Subject = { kind: 'driver'; driver: Exclude<ClaimDriver, { source: 'incomplete' }>; name: string } | { kind: 'vehicle'; vehicle: ClaimVehicle };

const subjectName = (subject: Subject) => (subject.kind === 'driver' ? subject.name : `${subject.vehicle.label} (VIN ${subject.vehicle.vin})`);

function useOrderAndAttach(claim: ClaimDetail) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.claims.attach(claim.id),
    mutationFn: async ({ subject, permissiblePurpose, ruleset }: { subject: Subject; permissiblePurpose: PermissiblePurpose | null; ruleset: string }) => {
      const order =
        subject.kind === 'vehicle'
          ? await createVehicleOrder({ vin: subject.vehicle.vin })
          : await createMvrOrder({
              body: {
                ...(subject.driver.source === 'company' ? { personId: subject.driver.personId } : { driver: subject.driver.driver }),
                permissiblePurpose: permissiblePurpose!,
              },
              isAutoAdjudicated: false,
            });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      return attachClaimOrder(claim.id, order.id, { adjudicationRuleset: subject.kind === 'driver' ? ruleset || null : null });
    },
    onSuccess: (updated) => claimChanged(queryClient, updated),
  });
}

function OrderDialog({ claim, subject, onClose }: { claim: ClaimDetail; subject: Subject; onClose: () => void }) {
  const place = useOrderAndAttach(claim);
  const [purpose, setPurpose] = useState<PermissiblePurpose | null>(null);
  const [ruleset, setRuleset] = useState('');
  const mvr = subject.kind === 'driver';
  const title = mvr ? 'Order an MVR for the claim' : 'Order a vehicle report for the claim';
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack
        gap="md"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (mvr && !purpose) return;
          place.mutate(
            { subject, permissiblePurpose: purpose, ruleset },
            {
              onSuccess: () => {
                notify.success(`${mvr ? 'MVR' : 'Vehicle report'} ordered for ${subjectName(subject)} and attached`);
                onClose();
              },
            },
          );
        }}
      >
        <Text fz="sm">
          {mvr ? 'Driver' : 'Vehicle'}: <strong>{subjectName(subject)}</strong>
        </Text>
        {mvr && (
          <>
            <Select
              label="Permissible purpose"
              required
              placeholder="Choose why your company may see this record"
              description="The Driver’s Privacy Protection Act (18 U.S.C. 2721(b)) allows an MVR only for these purposes. Yours is recorded with the order."
              data={PERMISSIBLE_PURPOSE_OPTIONS}
              value={purpose}
              onChange={(value) => setPurpose(value as PermissiblePurpose | null)}
              allowDeselect={false}
              maxDropdownHeight={320}
              comboboxProps={{ withinPortal: true }}
            />
            <RulesetSelect label="Judge it by" value={ruleset} onChange={setRuleset} emptyLabel={`The claim’s ruleset (${claim.adjudicationRuleset ?? 'default'})`} />
          </>
        )}
        {place.error && (
          <Text fz="sm" c="red.9" role="alert">
            {place.error.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={place.isPending} disabled={mvr && !purpose}>
            Order and attach
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CompanyDriverName({ personId, children }: { personId: string; children: (name: string) => React.ReactNode }) {
  const driver = useOptionalDriver(personId);
  return <>{children(driver.data ? `${driver.data.fullName} (${driver.data.licenceState} ${driver.data.licenceNumber})` : driver.isPending ? 'A company driver' : `A driver no longer on file`)}</>;
}

function SubjectRow({ label, detail, action }: { label: React.ReactNode; detail?: React.ReactNode; action: React.ReactNode }) {
  return (
    <Group component="li" justify="space-between" gap="sm" wrap="wrap" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
        {detail && (
          <Text fz="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </Stack>
      {action}
    </Group>
  );
}

export function OrderForClaim({ claim }: { claim: ClaimDetail }) {
  const [subject, setSubject] = useState<Subject | null>(null);
  const drivers = claimDrivers(claim.formData);
  const vehicles = claimVehicles(claim.formData);
  if (drivers.length === 0 && vehicles.length === 0) return null;
  const orderButton = (text: string, label: string, next: Subject, icon: React.ReactNode) => (
    <Button size="xs" variant="light" leftSection={icon} aria-label={`${text} for ${label}`} onClick={() => setSubject(next)}>
      {text}
    </Button>
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h6">
          Order a report for the claim’s drivers and vehicles
        </Title>
        <Text fz="xs" c="dimmed">
          The new order is attached to this claim as soon as it is placed; it is judged when it completes.
        </Text>
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Drivers and vehicles of the claim">
          {drivers.map((driver) =>
            driver.source === 'company' ? (
              <CompanyDriverName key={`driver-${driver.index}`} personId={driver.personId}>
                {(name) => <SubjectRow label={name} detail={`Driver ${driver.index + 1}, one of your drivers`} action={orderButton('Order MVR', name, { kind: 'driver', driver, name }, <IconId size={14} aria-hidden />)} />}
              </CompanyDriverName>
            ) : driver.source === 'typed' ? (
              <SubjectRow
                key={`driver-${driver.index}`}
                label={`${driver.name} (${driver.driver.licenceState} ${driver.driver.licenceNumber})`}
                detail={`Driver ${driver.index + 1}, typed in`}
                action={orderButton('Order MVR', driver.name, { kind: 'driver', driver, name: `${driver.name} (${driver.driver.licenceState} ${driver.driver.licenceNumber})` }, <IconId size={14} aria-hidden />)}
              />
            ) : (
              <SubjectRow key={`driver-${driver.index}`} label={driver.name} detail={`Driver ${driver.index + 1}: enter the ${driver.missing} in the claim to order an MVR`} action={null} />
            ),
          )}
          {vehicles.map((vehicle) => (
            <SubjectRow
              key={`vehicle-${vehicle.index}`}
              label={vehicle.label}
              detail={`VIN ${vehicle.vin}`}
              action={orderButton('Order vehicle report', vehicle.label, { kind: 'vehicle', vehicle }, <IconCar size={14} aria-hidden />)}
            />
          ))}
        </Stack>
      </Stack>
      {subject && <OrderDialog claim={claim} subject={subject} onClose={() => setSubject(null)} />}
    </Paper>
  );
}
