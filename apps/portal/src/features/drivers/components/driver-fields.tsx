// The fields of the driver form (add and edit). The licence number's description names the chosen
// state's published format and an example, and the number is re-checked when the state changes.
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { DriverValues } from './driver-form.ts';
import { HINT_BELOW, STATE_OPTIONS, licenceHint } from '../../../lib/form-fields.ts';

/** A calendar date typed as YYYY-MM-DD: the contract checks it, the same on the server. */
function CalendarDateInput({ form, field, label, description, required = false }: {
  form: UseFormReturnType<DriverValues>;
  field: 'dateOfBirth' | 'licenceExpiresOn' | 'medicalCertificateExpiresOn';
  label: string;
  description: string;
  required?: boolean;
}) {
  return (
    <TextInput
      inputWrapperOrder={HINT_BELOW}
      label={label}
      autoComplete="off"
      inputMode="numeric"
      placeholder="YYYY-MM-DD"
      description={description}
      required={required}
      maxLength={10}
      {...form.getInputProps(field)}
    />
  );
}

export function DriverFields({ form, autoFocus = false }: { form: UseFormReturnType<DriverValues>; autoFocus?: boolean }) {
  const { licenceState, licenceNumber } = form.getValues();
  const stateProps = form.getInputProps('licenceState');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          inputWrapperOrder={HINT_BELOW}
          label="First name"
          autoComplete="off"
          required
          autoFocus={autoFocus}
          maxLength={80}
          {...form.getInputProps('firstName')}
        />
        <TextInput inputWrapperOrder={HINT_BELOW} label="Middle name" autoComplete="off" maxLength={80} {...form.getInputProps('middleName')} />
        <TextInput inputWrapperOrder={HINT_BELOW} label="Last name" autoComplete="off" required maxLength={80} {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <CalendarDateInput form={form} field="dateOfBirth" label="Date of birth" description="Year, month and day, e.g. 1985-04-23." required />
        <Select
          inputWrapperOrder={HINT_BELOW}
          label="Licence state"
          placeholder="Search states"
          description="The state that issued the licence."
          required
          searchable
          data={STATE_OPTIONS}
          nothingFoundMessage="No state of that name"
          allowDeselect={false}
          {...stateProps}
          onChange={(value) => {
            stateProps.onChange(value ?? '');
            // The number's format depends on the state: check it again against the new one.
            if (licenceNumber) queueMicrotask(() => form.validateField('licenceNumber'));
          }}
        />
        <TextInput
          inputWrapperOrder={HINT_BELOW}
          label="Licence number"
          autoComplete="off"
          required
          maxLength={32}
          // A typed number's error names the state's format itself: the hint would only say it twice.
          // An empty number's error says only "required", so the hint still tells the format.
          description={form.errors.licenceNumber && licenceNumber.trim() !== '' ? undefined : licenceHint(licenceState)}
          {...form.getInputProps('licenceNumber')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput inputWrapperOrder={HINT_BELOW} label="Email" type="email" autoComplete="off" description="Optional." {...form.getInputProps('email')} />
        <TextInput
          inputWrapperOrder={HINT_BELOW}
          label="Phone"
          type="tel"
          autoComplete="off"
          placeholder="+15125550123"
          description="Optional. International format, starting with +."
          {...form.getInputProps('phone')}
        />
        <TextInput
          inputWrapperOrder={HINT_BELOW}
          label="External ID"
          autoComplete="off"
          maxLength={64}
          description="Optional. Your own reference, e.g. an employee number."
          {...form.getInputProps('externalId')}
        />
      </SimpleGrid>
      {/* The qualification file: the driver shows "attention" 30 days before either date and "not qualified" after it. */}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <CalendarDateInput form={form} field="licenceExpiresOn" label="Licence expiry" description="Optional. The expiry date printed on the licence." />
        <CalendarDateInput
          form={form}
          field="medicalCertificateExpiresOn"
          label="Medical certificate expiry"
          description="Optional. From the driver's DOT medical examiner's certificate."
        />
      </SimpleGrid>
    </Stack>
  );
}
