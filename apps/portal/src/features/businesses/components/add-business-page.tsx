// /businesses/add-business: add a business. Validates as you type with the contract's
// CreateBusinessBodySchema and puts the server's answers (invalid fields, 409 BusinessAlreadyExists)
// next to the fields.
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type CSSProperties } from 'react';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import { notify } from '../../../lib/toasts/notify.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateBusiness } from '../api/create-business.ts';
import { getBusinesses } from '../../../lib/entities/businesses/get-businesses.ts';
import { EMPTY_BUSINESS, placeServerErrors, toBusinessBody, validateBusiness, type BusinessValues } from './business-form.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

// Hints under the inputs, not between label and input: hints of different lengths would otherwise
// push the inputs of one row to different heights.
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

const STATE_OPTIONS = Object.values(LICENCE_FORMATS)
  .map((format) => ({ value: format.state, label: `${format.name} (${format.state})` }))
  .sort((a, b) => a.label.localeCompare(b.label));

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The business a 409 is about: the id the problem names, else the company's business with that EIN. */
async function findExisting(error: ApiError, values: BusinessValues): Promise<{ id: string; name?: string } | undefined> {
  const named = UUID.exec(error.message)?.[0];
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
  const [error, setError] = useState<string | null>(null);
  const [existing, setExisting] = useState<{ business?: { id: string; name?: string } } | null>(null);

  const form = useForm<BusinessValues>({ initialValues: EMPTY_BUSINESS, validateInputOnChange: true, validate: validateBusiness });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setExisting(null);
    try {
      const business = await create.mutateAsync(toBusinessBody(values));
      notify.success(`${business.name} was added`);
      await navigate({ to: '/businesses/$id', params: { id: business.id } });
    } catch (caught) {
      if (!(caught instanceof ApiError)) {
        setError(caught instanceof Error ? caught.message : 'The business could not be added.');
        return;
      }
      if (caught.status === 409) {
        form.setFieldError('ein', 'This business already exists');
        setExisting({ business: await findExisting(caught, values) });
        return;
      }
      if (!placeServerErrors(form, caught)) setError(caught.message);
    }
  }, (_errors, _values, event) => focusFirstInvalid(event));

  return (
    <Stack gap="lg" maw={960}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to="/businesses" fz="sm">
          Businesses
        </Anchor>
        <Text fz="sm" aria-current="page">
          Add a business
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Add a business</Title>
        <Text c="dimmed">A business you can order risk assessments for. Fields marked * are required.</Text>
      </Stack>

      <Paper withBorder radius="md" p="xl" component="form" onSubmit={submit} noValidate aria-label="Business">
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The business was not added">
              {error}
            </Alert>
          )}
          {existing && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="This business already exists">
              <Text fz="sm">
                Your company already has a business with this EIN.
                {existing.business && (
                  <>
                    {' '}
                    <Anchor renderRoot={(props) => <Link {...props} to="/businesses/$id" params={{ id: existing.business!.id }} />} fz="sm" underline="always">
                      {existing.business.name ? `Open ${existing.business.name}` : 'Open the existing business'}
                    </Anchor>
                    .
                  </>
                )}
              </Text>
            </Alert>
          )}
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
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" component={Link} to="/businesses">
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} leftSection={<IconBuildingPlus size={16} aria-hidden />}>
              Add business
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
