// /orders/mvr/single-order: order a motor vehicle record for a driver of the company (searched, or
// pre-selected by ?personId= from the driver's page) or a driver typed in. Validates as you type with
// the contract's schemas: the licence number against its state's format, the Texas record type only
// for a Texas licence. With auto-adjudication the chosen ruleset's rules are shown before ordering.
import { Divider, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import type { Person } from '@clearlane/contract/persons';
import { notify } from '../../../../lib/toasts/notify.ts';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid.ts';
import { useRuleset } from '../../../../lib/entities/rulesets/get-ruleset.ts';
import { useCreateMvrOrder } from '../../../../lib/entities/orders/place-orders.ts';
import {
  EMPTY_MVR_ORDER, MVR_LABELS, PERMISSIBLE_PURPOSE_OPTIONS, TEXAS_RECORD_TYPE_OPTIONS, asksTexasRecordType, orderedLicenceState, toMvrOrderRequest,
  validateMvrOrder, type MvrOrderValues,
} from '../forms/mvr-order-form.ts';
import { mvrRetryAdvice, mvrValuesOf } from '../forms/retry.ts';
import { explainRefusal } from '../forms/shared.ts';
import { HINT_BELOW, STATE_OPTIONS, licenceHint } from '../../../../lib/form-fields.ts';
import { FormSection, OrderFormActions, OrderNotPlacedAlert } from './order-form-layout.tsx';
import { RulesetRules, rulesetProblem } from './ruleset-rules.tsx';
import { RulesetSelect } from '../../../../components/ruleset-select.tsx';
import { OrderFormPage } from './retried-order.tsx';
import { SubjectSource, useDriverPick } from './subject-source.tsx';
import { TagsField } from './tags-field.tsx';

const pickedDriverDescription = (driver: Person | undefined) =>
  driver
    ? `Born ${driver.dateOfBirth}; ${LICENCE_FORMATS[driver.licenceState].name} licence ${driver.licenceNumber}.`
    : 'Search your company’s drivers, or type a new driver in.';

export function MvrOrderPage({ personId }: { personId?: string }) {
  return (
    <OrderFormPage
      title="Order an MVR"
      intro="A motor vehicle record: the driver’s licence status, violations, accidents and DMV actions from the state that issued the licence. Most states answer within a minute; a few take up to one business day."
      types={['MVR', 'MVR_WITH_ADJUDICATION']}
      advice={mvrRetryAdvice}
      form={(retried) => <MvrOrderForm initialValues={retried ? mvrValuesOf(retried) : { ...EMPTY_MVR_ORDER, personId: personId ?? '' }} />}
    />
  );
}

function MvrOrderForm({ initialValues }: { initialValues: MvrOrderValues }) {
  const personId = initialValues.personId || undefined;
  const navigate = useNavigate();
  const create = useCreateMvrOrder();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<MvrOrderValues>({
    initialValues,
    validateInputOnChange: true,
    validate: validateMvrOrder,
  });
  const driverPick = useDriverPick(personId, (id) => form.setFieldValue('personId', id));
  const { picked } = driverPick;
  const values = form.getValues();
  const licenceState = orderedLicenceState(values, picked?.licenceState);
  const [namespace] = useDebouncedValue(values.ruleNamespace.trim(), 300);
  const ruleset = useRuleset(namespace, values.isAutoAdjudicated && !form.errors.ruleNamespace);
  const rulesetError = values.isAutoAdjudicated ? rulesetProblem(ruleset.error, namespace) : null;

  const submit = form.onSubmit(async (submitted, event) => {
    setProblem(null);
    if (submitted.driverSource === 'existing' && !picked) {
      form.setFieldError('personId', 'Choose a driver, or type in a new one');
      focusFirstInvalid(event);
      return;
    }
    if (rulesetError) {
      form.setFieldError('ruleNamespace', rulesetError);
      focusFirstInvalid(event);
      return;
    }
    try {
      const order = await create.mutateAsync(toMvrOrderRequest(submitted, picked?.licenceState));
      notify.success('Order placed');
      await navigate({ to: '/orders/$id', params: { id: order.id } });
    } catch (caught) {
      setProblem(explainRefusal(form, caught, MVR_LABELS));
    }
  }, (_errors, _values, event) => focusFirstInvalid(event));

  const stateProps = form.getInputProps('licenceState');
  const autoProps = form.getInputProps('isAutoAdjudicated', { type: 'checkbox' });

  return (
    <Paper withBorder radius="md" p="xl" component="form" onSubmit={submit} noValidate aria-label="MVR order">
      <Stack gap="xl">
        <OrderNotPlacedAlert message={problem} />

        <FormSection title="Driver">
          <SubjectSource
            question="Who is the record for?"
            typeInLabel="Type in a new driver"
            source={values.driverSource}
            onSourceChange={(source) => form.setFieldValue('driverSource', source)}
            pick={driverPick}
            pickedDescription={pickedDriverDescription(picked)}
            error={form.errors.personId}
          >
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <TextInput label="First name" autoComplete="off" required maxLength={80} {...form.getInputProps('firstName')} />
                <TextInput label="Middle name" autoComplete="off" maxLength={80} {...form.getInputProps('middleName')} />
                <TextInput label="Last name" autoComplete="off" required maxLength={80} {...form.getInputProps('lastName')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <TextInput
                  label="Date of birth"
                  autoComplete="off"
                  inputMode="numeric"
                  placeholder="YYYY-MM-DD"
                  description="Year, month and day, e.g. 1985-04-23."
                  inputWrapperOrder={HINT_BELOW}
                  required
                  maxLength={10}
                  {...form.getInputProps('dateOfBirth')}
                />
                <Select
                  label="Licence state"
                  placeholder="Search states"
                  description="The state that issued the licence."
                  inputWrapperOrder={HINT_BELOW}
                  required
                  searchable
                  data={STATE_OPTIONS}
                  nothingFoundMessage="No state of that name"
                  allowDeselect={false}
                  {...stateProps}
                  onChange={(state) => {
                    stateProps.onChange(state ?? '');
                    // The number's format depends on the state: check it again against the new one.
                    if (values.licenceNumber) queueMicrotask(() => form.validateField('licenceNumber'));
                  }}
                />
                <TextInput
                  label="Licence number"
                  autoComplete="off"
                  required
                  maxLength={32}
                  // A typed number's error names the format itself: the hint would only repeat it. An empty
                  // number's error says only "required", so the hint still tells the format.
                  description={form.errors.licenceNumber && values.licenceNumber.trim() !== '' ? undefined : licenceHint(values.licenceState)}
                  inputWrapperOrder={HINT_BELOW}
                  {...form.getInputProps('licenceNumber')}
                />
              </SimpleGrid>
            </Stack>
          </SubjectSource>
        </FormSection>

        <Divider />

        <FormSection title="Order">
          <Select
            label="Permissible purpose"
            required
            placeholder="Choose why your company may see this record"
            description="The Driver’s Privacy Protection Act (18 U.S.C. 2721(b)) allows an MVR only for these purposes. Yours is recorded with the order."
            data={PERMISSIBLE_PURPOSE_OPTIONS}
            allowDeselect={false}
            maxDropdownHeight={320}
            {...form.getInputProps('permissiblePurpose')}
          />
          {asksTexasRecordType(licenceState) && (
            <Select
              label="Texas record type"
              description="Texas issues several kinds of record. Type 2, the 3-year record, suits most checks."
              data={TEXAS_RECORD_TYPE_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('texasRecordType')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Your reference"
              autoComplete="off"
              maxLength={64}
              description="Optional, e.g. your application number."
              {...form.getInputProps('mvrExternalReferenceId')}
            />
            <TagsField {...form.getInputProps('tags')} />
          </SimpleGrid>
        </FormSection>

        <Divider />

        <FormSection title="Adjudication">
          <Switch
            label="Adjudicate automatically"
            description="Judge the record by your company’s rules as soon as it arrives: the order ends Pass or Fail."
            {...autoProps}
          />
          {values.isAutoAdjudicated ? (
            <Stack gap="sm" pl={{ base: 0, sm: 'xl' }}>
              <RulesetSelect
                label="Ruleset"
                w={{ base: '100%', sm: 480 }}
                description="The company ruleset to judge the record by."
                value={values.ruleNamespace}
                onChange={(namespace) => form.setFieldValue('ruleNamespace', namespace)}
                error={form.errors.ruleNamespace ?? rulesetError ?? undefined}
              />
              <RulesetRules ruleset={rulesetError ? undefined : ruleset.data} isLoading={ruleset.isLoading} />
            </Stack>
          ) : (
            <Text fz="sm" c="dimmed">
              Without it the order ends Complete and a reviewer judges the record.
            </Text>
          )}
        </FormSection>

        <OrderFormActions placing={create.isPending} />
      </Stack>
    </Paper>
  );
}
