// /businesses/add-business: add a business. Validates as you type with the contract's
// CreateBusinessBodySchema and puts the server's answers (invalid fields, 409 BusinessAlreadyExists)
// next to the fields.
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { HINT_BELOW, STATE_OPTIONS } from '../../../lib/form-fields.ts';
import type { ApiError } from '../../../lib/api-error.ts';
import { CreatePage, idNamedIn, useCreateSubmit, type ExistingThing } from '../../../components/create-page.tsx';
import { useCreateBusiness } from '../api/create-business.ts';
import { getBusinesses } from '../../../lib/entities/businesses/get-businesses.ts';
import { EMPTY_BUSINESS, placeServerErrors, toBusinessBody, validateBusiness, type BusinessValues } from './business-form.ts';

/** The business a 409 is about: the id the problem names, else the company's business with that EIN. */
async function findExisting(error: ApiError, values: BusinessValues): Promise<ExistingThing | undefined> {
  const named = idNamedIn(error);
  if (named) return { id: named };
  const digits = values.ein.replace(/\D/g, '');
  try {
    const page = await getBusinesses({ page: 0, size: 10, sort: 'createdAt,desc', filter: digits, state: undefined });
    const match = page.content.find((business) => business.ein.replace(/\D/g, '') === digits);
    return match && { id: match.id, name: match.name };
  } catch {
    return undefined;
  }
}

export function AddBusinessPage() {
  useDocumentTitle('Add a business · Clearlane');
  const navigate = useNavigate();
  const create = useCreateBusiness();
  const form = useForm<BusinessValues>({ initialValues: EMPTY_BUSINESS, validateInputOnChange: true, validate: validateBusiness });
  const state = useCreateSubmit({
    form,
    create: (values) => create.mutateAsync(toBusinessBody(values)),
    created: (business) => ({ message: `${business.name} was added`, open: () => navigate({ to: '/businesses/$id', params: { id: business.id } }) }),
    duplicate: { field: 'ein', message: 'This business already exists' },
    findExisting,
    placeServerErrors,
    failed: 'The business could not be added.',
  });

  return (
    <CreatePage
      list={{ label: 'Businesses', to: '/businesses' }}
      title="Add a business"
      description="A business you can order risk assessments for."
      formLabel="Business"
      state={state}
      failedTitle="The business was not added"
      duplicate={{
        title: 'This business already exists',
        sentence: 'Your company already has a business with this EIN.',
        pageOf: (id) => ({ to: '/businesses/$id', params: { id } }),
        openLabel: 'Open the existing business',
      }}
      action={{ label: 'Add business', icon: <IconBuildingPlus size={16} aria-hidden />, pending: create.isPending }}
    >
      <TextInput
        inputWrapperOrder={HINT_BELOW}
        label="Name"
        autoComplete="off"
        required
        autoFocus
        maxLength={160}
        description="The legal name of the business."
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          inputWrapperOrder={HINT_BELOW}
          label="EIN"
          autoComplete="off"
          inputMode="numeric"
          placeholder="12-3456789"
          // In error Mantine paints the placeholder red too, so an empty field would look typed in.
          styles={{ input: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } as CSSProperties }}
          required
          maxLength={16}
          description="Employer Identification Number: 9 digits, written 12-3456789."
          {...form.getInputProps('ein')}
        />
        <TextInput
          inputWrapperOrder={HINT_BELOW}
          label="USDOT number"
          autoComplete="off"
          inputMode="numeric"
          maxLength={8}
          description="Optional. 1 to 8 digits, for motor carriers."
          {...form.getInputProps('dotNumber')}
        />
        <Select
          inputWrapperOrder={HINT_BELOW}
          label="State"
          placeholder="Search states"
          description="Where the business is registered."
          required
          searchable
          data={STATE_OPTIONS}
          nothingFoundMessage="No state of that name"
          allowDeselect={false}
          {...form.getInputProps('state')}
        />
      </SimpleGrid>
      <TextInput
        inputWrapperOrder={HINT_BELOW}
        label="Address"
        autoComplete="off"
        maxLength={160}
        description="Optional. Street and number."
        {...form.getInputProps('addressLine')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput inputWrapperOrder={HINT_BELOW} label="City" autoComplete="off" maxLength={80} description="Optional." {...form.getInputProps('city')} />
        <TextInput
          inputWrapperOrder={HINT_BELOW}
          label="ZIP code"
          autoComplete="off"
          inputMode="numeric"
          maxLength={10}
          description="Optional. 12345 or 12345-6789."
          {...form.getInputProps('postalCode')}
        />
        <TextInput
          inputWrapperOrder={HINT_BELOW}
          label="Phone"
          type="tel"
          autoComplete="off"
          placeholder="+15125550123"
          description="Optional. International format, starting with +."
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
    </CreatePage>
  );
}
