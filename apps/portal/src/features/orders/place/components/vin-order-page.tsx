// /orders/vin/single-order: order a vehicle history report by VIN. The VIN is checked as it is typed
// with the contract's rules (a wrong check digit says which character is probably mistyped), its
// model year is decoded once it is valid, and a refusal by the server is shown on the field.
import { Box, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { decodeVin, normalizeVin } from '@clearlane/contract/domain/vin';
import { notify } from '../../../../lib/toasts/notify.ts';
import { useCreateVehicleOrder } from '../../../../lib/entities/orders/place-orders.ts';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid.ts';
import { vinValuesOf } from '../forms/retry.ts';
import { explainRefusal } from '../forms/shared.ts';
import { EMPTY_VIN_ORDER, VIN_LABELS, toVehicleOrderBody, validateVinOrder, vinProblem, vinProgress, vinTypingProblem, type VinOrderValues } from '../forms/vin-order-form.ts';
import { OrderFormActions, OrderNotPlacedAlert } from './order-form-layout.tsx';
import { OrderFormPage } from './retried-order.tsx';
import { TagsField } from './tags-field.tsx';

function DecodedVin({ vin }: { vin: string }) {
  const decoded = decodeVin(vin);
  if (!decoded) return null;
  const [likely, other] = decoded.modelYears;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="status" aria-label="Decoded VIN">
      <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text fz="sm">
        Valid VIN: model year <strong>{likely}</strong>
        {other ? ` (or ${other})` : ''}, built in {decoded.region}, manufacturer code {decoded.worldManufacturerIdentifier}.
      </Text>
    </Group>
  );
}

export function VinOrderPage() {
  return (
    <OrderFormPage
      title="Order a vehicle report"
      intro="A vehicle history report by VIN: title brands (salvage, flood), accidents, theft records, odometer readings and open safety recalls. It is usually ready within a minute."
      types={['VIN_REPORT']}
      form={(retried) => <VinOrderForm initialValues={retried ? vinValuesOf(retried) : EMPTY_VIN_ORDER} />}
    />
  );
}

function VinOrderForm({ initialValues }: { initialValues: VinOrderValues }) {
  const navigate = useNavigate();
  const create = useCreateVehicleOrder();
  const [problem, setProblem] = useState<string | null>(null);

  const form = useForm<VinOrderValues>({
    initialValues,
    validateInputOnChange: true,
    // While typing, a VIN that is merely short is not wrong yet; submit and blur check it fully.
    validate: { vin: vinTypingProblem, tags: (tags) => validateVinOrder({ vin: '', tags }).tags ?? null },
  });
  const values = form.getValues();
  const vinProps = form.getInputProps('vin');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const errors = validateVinOrder(form.getValues());
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      focusFirstInvalid(event);
      return;
    }
    try {
      const order = await create.mutateAsync(toVehicleOrderBody(form.getValues()));
      notify.success('Order placed');
      await navigate({ to: '/orders/$id', params: { id: order.id } });
    } catch (caught) {
      setProblem(explainRefusal(form, caught, VIN_LABELS));
    }
  };

  const valid = !form.errors.vin && vinProblem(values.vin) === null;

  return (
    <Paper withBorder radius="md" p="xl" component="form" onSubmit={submit} noValidate aria-label="Vehicle report order">
      <Stack gap="lg">
        <OrderNotPlacedAlert message={problem} />
        <TextInput
          label="VIN"
          required
          autoFocus
          autoComplete="off"
          spellCheck={false}
          maxLength={24}
          maw={560}
          placeholder="e.g. 1M8GDM9AXKP042788"
          description={`17 letters and digits, on the dashboard and the title: ${vinProgress(values.vin)}.`}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.06em', textTransform: 'uppercase' } }}
          {...vinProps}
          onBlur={(event) => {
            vinProps.onBlur?.(event);
            // Leaving the field with a short VIN: now it is wrong, and the count says by how much.
            if (normalizeVin(values.vin) !== '') {
              const full = vinProblem(values.vin);
              if (full) form.setFieldError('vin', full);
            }
          }}
        />
        {valid && <DecodedVin vin={values.vin} />}
        <Box maw={560}>
          <TagsField {...form.getInputProps('tags')} />
        </Box>
        <OrderFormActions placing={create.isPending} />
      </Stack>
    </Paper>
  );
}
