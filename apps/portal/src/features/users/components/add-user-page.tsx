// /users/add-user: invite a user. Validates as you type with the contract's CreateUserBodySchema,
// and puts the server's answers (409 UserAlreadyExists, invalid fields) next to the fields.
import { Alert, Anchor, Breadcrumbs, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ROLE_NAMES, type RoleName } from '@clearlane/contract/enums';
import { CreateUserBodySchema, type CreateUserBody } from '@clearlane/contract/users';
import { notify } from '../../../lib/toasts/notify.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateUser } from '../api/create-user.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

// Only what is built: DOT scores join these words when their pages exist.
export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  'Company Admin': 'Everything in the company, including its users and settings.',
  Manager: 'Runs the programme: places and reviews orders, keeps drivers and businesses, monitors drivers and acknowledges their alerts, publishes claims; sees the users.',
  Agent: 'Places orders, files claims and keeps drivers and businesses up to date; reads driver alerts.',
  Viewer: 'Reads orders, reports, drivers, businesses, claims and driver alerts; changes nothing.',
};

interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  role: RoleName | '';
  phoneNumber: string;
  requireMfa: boolean;
}
type FieldName = keyof InviteValues;

const LABELS: Record<FieldName, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  role: 'Role',
  phoneNumber: 'Phone',
  requireMfa: 'Two-step verification',
};

/** The contract says "is required", "must be an email address": the form says "Email must be…". */
function sentence(field: FieldName, message: string): string {
  return /^[a-z]/.test(message) ? `${LABELS[field]} ${message}` : message;
}

/** One field checked by the contract's own schema for it. */
export function validateInviteField(field: 'firstName' | 'lastName' | 'email' | 'phoneNumber', value: string): string | null {
  if (field === 'phoneNumber' && value.trim() === '') return null; // optional
  // Empty is "required", not "must be an email address" as the contract says of any bad address.
  if (field === 'email' && value.trim() === '') return 'Email is required';
  const result = CreateUserBodySchema.shape[field].safeParse(value);
  return result.success ? null : sentence(field, result.error.issues[0]?.message ?? 'is not valid');
}

function toBody(values: InviteValues): CreateUserBody {
  return CreateUserBodySchema.parse({
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    role: values.role,
    phoneNumber: values.phoneNumber.trim() || undefined,
    requireMfa: values.requireMfa,
  });
}

export function AddUserPage() {
  useDocumentTitle('Invite a user · Clearlane');
  const navigate = useNavigate();
  const create = useCreateUser();
  const [error, setError] = useState<string | null>(null);

  const form = useForm<InviteValues>({
    initialValues: { firstName: '', lastName: '', email: '', role: '', phoneNumber: '', requireMfa: true },
    validateInputOnChange: true,
    validate: {
      firstName: (value) => validateInviteField('firstName', value),
      lastName: (value) => validateInviteField('lastName', value),
      email: (value) => validateInviteField('email', value),
      phoneNumber: (value) => validateInviteField('phoneNumber', value),
      role: (value) => (value && (ROLE_NAMES as readonly string[]).includes(value) ? null : 'Choose a role'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const user = await create.mutateAsync(toBody(values));
      notify.success(`Invitation sent to ${user.email}`);
      await navigate({ to: '/users' });
    } catch (caught) {
      if (!(caught instanceof ApiError)) {
        setError(caught instanceof Error ? caught.message : 'The invitation could not be sent.');
        return;
      }
      let placed = false;
      for (const field of Object.keys(LABELS) as FieldName[]) {
        const message = caught.fieldMessage(field);
        if (message) {
          form.setFieldError(field, caught.status === 409 && field === 'email' ? caught.message : sentence(field, message));
          placed = true;
        }
      }
      if (caught.status === 409 && !placed) {
        form.setFieldError('email', caught.message);
        placed = true;
      }
      if (!placed) setError(caught.message);
    }
  }, (_errors, _values, event) => focusFirstInvalid(event));

  const role = form.getValues().role;

  return (
    <Stack gap="lg" maw={760}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to="/users" fz="sm">
          Users
        </Anchor>
        <Text fz="sm" aria-current="page">
          Invite a user
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Invite a user</Title>
        <Text c="dimmed">We email them a temporary password. They choose their own when they first sign in.</Text>
      </Stack>

      <Paper
        withBorder
        radius="md"
        p="xl"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Invitation"
      >
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The invitation was not sent">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="off" required autoFocus {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="off" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" autoComplete="off" required description="The invitation goes to this address; it is also their sign-in name." {...form.getInputProps('email')} />
          <Select
            label="Role"
            placeholder="Choose a role"
            required
            data={ROLE_NAMES.map((name) => ({ value: name, label: name }))}
            renderOption={({ option }) => (
              <Stack gap={0}>
                <Text fz="sm" fw={500}>
                  {option.label}
                </Text>
                <Text fz="xs" c="dimmed">
                  {ROLE_DESCRIPTIONS[option.value as RoleName]}
                </Text>
              </Stack>
            )}
            description={role ? ROLE_DESCRIPTIONS[role] : 'What they may see and do in the company.'}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="off"
            placeholder="+15125550123"
            description="Optional. International format, starting with + and the country code."
            {...form.getInputProps('phoneNumber')}
          />
          <Checkbox
            label="Require two-step verification at first sign-in"
            description="They link an authenticator app before they can use the portal."
            {...form.getInputProps('requireMfa', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" component={Link} to="/users">
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
