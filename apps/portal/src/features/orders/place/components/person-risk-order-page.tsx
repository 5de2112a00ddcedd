// /orders/person-risk-assessment/single-order: order a person risk assessment for a driver of the
// company (searched, or pre-selected by ?personId=) or a person typed in, checked as you type with
// the contract's InlinePersonSchema.
import { Divider, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import type { Person } from '@clearlane/contract/persons';
import { notify } from '../../../../lib/toasts/notify.ts';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid.ts';
import { useCreatePersonRiskOrder } from '../../../../lib/entities/orders/place-orders.ts';
import { EMPTY_PERSON_RISK, PERSON_RISK_LABELS, toPersonRiskRequest, validatePersonRisk, type PersonRiskValues } from '../forms/risk-order-forms.ts';
import { personRiskValuesOf } from '../forms/retry.ts';
import { explainRefusal } from '../forms/shared.ts';
import { STATE_OPTIONS } from '../../../../lib/form-fields.ts';
import { FormSection, OrderFormActions, OrderNotPlacedAlert } from './order-form-layout.tsx';
import { DefinitionField } from './risk-definition-field.tsx';
import { OrderFormPage } from './retried-order.tsx';
import { SubjectSource, useDriverPick } from './subject-source.tsx';
import { TagsField } from './tags-field.tsx';

const pickedPersonDescription = (driver: Person | undefined) =>
  driver ? `Born ${driver.dateOfBirth}; assessed in ${LICENCE_FORMATS[driver.licenceState].name}, the state of their licence.` : 'Search your company’s drivers, or type the person in.';

export function PersonRiskOrderPage({ personId }: { personId?: string }) {
  return (
    <OrderFormPage
      title="Order a person risk assessment"
      intro="A background risk assessment of a person: identity check, court records (judgments, misdemeanours, felonies), bankruptcies and sanctions lists, with an overall risk level. It is usually ready within a few minutes."
      types={['PERSON_RISK_ASSESSMENT']}
      form={(retried) => <PersonRiskOrderForm initialValues={retried ? personRiskValuesOf(retried) : { ...EMPTY_PERSON_RISK, personId: personId ?? '' }} />}
    />
  );
}

function PersonRiskOrderForm({ initialValues }: { initialValues: PersonRiskValues }) {
  const personId = initialValues.personId || undefined;
  const navigate = useNavigate();
  const create = useCreatePersonRiskOrder();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<PersonRiskValues>({
    initialValues,
    validateInputOnChange: true,
    validate: validatePersonRisk,
  });
  const values = form.getValues();
  const driverPick = useDriverPick(personId, (id) => form.setFieldValue('personId', id));
  const { picked } = driverPick;

  const submit = form.onSubmit(async (submitted, event) => {
    setProblem(null);
    if (submitted.personSource === 'existing' && !picked) {
      form.setFieldError('personId', 'Choose a driver, or type in the person');
      focusFirstInvalid(event);
      return;
    }
    try {
      const order = await create.mutateAsync(toPersonRiskRequest(submitted));
      notify.success('Order placed');
      await navigate({ to: '/orders/$id', params: { id: order.id } });
    } catch (caught) {
      setProblem(explainRefusal(form, caught, PERSON_RISK_LABELS));
    }
  }, (_errors, _values, event) => focusFirstInvalid(event));

  return (
    <Paper withBorder radius="md" p="xl" component="form" onSubmit={submit} noValidate aria-label="Person risk assessment order">
      <Stack gap="xl">
        <OrderNotPlacedAlert message={problem} />

        <FormSection title="Person">
          <SubjectSource
            question="Who is the assessment for?"
            typeInLabel="Type in a person"
            source={values.personSource}
            onSourceChange={(source) => form.setFieldValue('personSource', source)}
            pick={driverPick}
            pickedDescription={pickedPersonDescription(picked)}
            error={form.errors.personId}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="First name" autoComplete="off" required maxLength={80} {...form.getInputProps('firstName')} />
              <TextInput label="Last name" autoComplete="off" required maxLength={80} {...form.getInputProps('lastName')} />
              <TextInput
                label="Date of birth"
                autoComplete="off"
                inputMode="numeric"
                placeholder="YYYY-MM-DD"
                description="Year, month and day, e.g. 1985-04-23."
                required
                maxLength={10}
                {...form.getInputProps('dateOfBirth')}
              />
              <Select
                label="State"
                placeholder="Search states"
                description="The state the person lives in."
                required
                searchable
                data={STATE_OPTIONS}
                nothingFoundMessage="No state of that name"
                allowDeselect={false}
                {...form.getInputProps('state')}
              />
            </SimpleGrid>
          </SubjectSource>
        </FormSection>

        <Divider />

        <FormSection title="Order">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DefinitionField type="PERSON_RISK_ASSESSMENT" {...form.getInputProps('definitionName')} />
            <TagsField {...form.getInputProps('tags')} />
          </SimpleGrid>
        </FormSection>

        <OrderFormActions placing={create.isPending} />
      </Stack>
    </Paper>
  );
}
