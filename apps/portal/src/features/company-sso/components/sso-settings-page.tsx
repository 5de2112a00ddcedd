// /company/sso: a Company Admin connects the company's own OpenID Connect provider (issue 14): the
// provider and its client, the email domains it signs in, how its role claim maps to our roles,
// just-in-time accounts, and whether passwords are refused to all but a break-glass admin.
import {
  ActionIcon, Alert, Button, Code, CopyButton, Fieldset, Group, Loader, Paper, PasswordInput, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput, Title, Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { ROLE_NAMES, type RoleName } from '@clearlane/contract/enums';
import type { SsoConfigAnswer } from '@clearlane/contract/sso';
import { ApiError } from '../../../lib/api-error.ts';
import { useCompanySso, useRemoveCompanySso, useSaveCompanySso } from '../../../lib/entities/company-sso/company-sso.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { bodyOf, placeServerErrors, validateSso, valuesOf, type SsoValues } from './sso-form.ts';

const ROLE_OPTIONS = ROLE_NAMES.map((role) => ({ value: role, label: role }));

export function SsoSettingsPage() {
  useDocumentTitle('Single sign-on · Clearlane');
  const query = useCompanySso();
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Single sign-on</Title>
        <Text c="dimmed">
          Let your staff sign in through your company&apos;s own identity provider (OpenID Connect). Their email&apos;s domain decides: at sign-in, an email of
          these domains goes to your provider instead of asking for a password.
        </Text>
      </Stack>
      {query.isPending && <Loader aria-label="Loading the single sign-on settings" />}
      {query.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
          {query.error.message}
        </Alert>
      )}
      {query.data && <SsoSettings answer={query.data} />}
    </Stack>
  );
}

function SsoSettings({ answer }: { answer: SsoConfigAnswer }) {
  const save = useSaveCompanySso();
  const remove = useRemoveCompanySso();
  const [error, setError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const config = answer.config;
  const form = useForm<SsoValues>({ initialValues: valuesOf(config), validate: validateSso });

  // A new answer (saved, removed) resets the form to what is stored.
  useEffect(() => {
    form.setValues(valuesOf(config));
    form.resetDirty(valuesOf(config));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored configuration changes
  }, [config?.updatedAt, config === null]);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync(bodyOf(values));
      notify.success('Single sign-on saved: your provider answered and its settings were checked.');
    } catch (caught) {
      if (caught instanceof ApiError && placeServerErrors(form, caught)) return;
      setError(caught instanceof Error ? caught.message : 'The settings could not be saved.');
    }
  }, (_errors, _values, event) => focusFirstInvalid(event));

  const removeNow = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      setConfirmRemove(false);
      notify.success('Single sign-on removed: everyone signs in with a password again.');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Single sign-on could not be removed.');
    }
  };

  return (
    <Stack gap="lg">
      <RegisterAtProvider answer={answer} />
      <form onSubmit={submit} noValidate aria-label="Single sign-on settings">
        <Stack gap="lg">
          {error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          )}
          <SettingsFieldset legend="Your identity provider">
            <Switch label="Single sign-on is on" description="Off keeps these settings but asks everyone for a password." {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <TextInput
              label="Issuer URL"
              description="The provider's issuer; we read its discovery document (/.well-known/openid-configuration) when you save."
              placeholder="https://login.example.com"
              required
              {...form.getInputProps('issuer')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Client ID" required {...form.getInputProps('clientId')} />
              <PasswordInput
                label="Client secret"
                description={config?.hasClientSecret ? 'A secret is stored. Leave empty to keep it.' : 'Leave empty for a public client (PKCE only).'}
                autoComplete="new-password"
                {...form.getInputProps('clientSecret')}
              />
            </SimpleGrid>
            <TagsInput
              label="Email domains"
              description="Emails of these domains sign in through your provider. Press Enter after each."
              placeholder={form.values.emailDomains.length === 0 ? 'example.com' : undefined}
              required
              splitChars={[',', ' ', ';']}
              {...form.getInputProps('emailDomains')}
            />
          </SettingsFieldset>

          <SettingsFieldset legend="Roles">
            <TextInput
              label="Role claim"
              description="The claim of the provider's id token that carries the role, e.g. groups or roles. Empty: roles are managed here only."
              placeholder="groups"
              {...form.getInputProps('roleClaim')}
            />
            <Stack gap="xs">
              <Text fz="sm" fw={500} id="role-mapping-label">
                Claim values and the roles they give
              </Text>
              <Text fz="xs" c="dimmed">
                At every sign-in the highest role any value maps to is the user&apos;s role here (the break-glass admin keeps theirs).
              </Text>
              {form.values.roleMapping.length === 0 && (
                <Text fz="sm" c="dimmed">
                  No values mapped yet.
                </Text>
              )}
              {form.values.roleMapping.map((entry, index) => (
                <Group key={form.key(`roleMapping.${index}`)} align="flex-end" gap="sm" wrap="nowrap">
                  {/* Side by side on wide screens, one above the other on a phone. */}
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" style={{ flex: 1, minWidth: 0 }}>
                    <TextInput label={`Claim value ${index + 1}`} placeholder="clearlane-admins" {...form.getInputProps(`roleMapping.${index}.value`)} />
                    <Select label={`Role for value ${index + 1}`} data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps(`roleMapping.${index}.role`)} />
                  </SimpleGrid>
                  <Tooltip label={`Remove value ${entry.value || index + 1}`}>
                    <ActionIcon variant="subtle" color="red" size="lg" mb={1} aria-label={`Remove claim value ${index + 1}`} onClick={() => form.removeListItem('roleMapping', index)}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
              <Group>
                <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => form.insertListItem('roleMapping', { value: '', role: 'Viewer' as RoleName })}>
                  Add a claim value
                </Button>
              </Group>
            </Stack>
          </SettingsFieldset>

          <SettingsFieldset legend="Who may sign in">
            <Switch
              label="Create accounts at first sign-in"
              description="Someone of your domains whom the provider signs in, and who has no account here yet, gets one (just in time)."
              {...form.getInputProps('jitEnabled', { type: 'checkbox' })}
            />
            <Select
              label="Role of a new account"
              description="When the role claim maps to no role."
              data={ROLE_OPTIONS}
              allowDeselect={false}
              maw={320}
              {...form.getInputProps('defaultRole')}
            />
            <Switch
              label="Require single sign-on"
              description="Passwords are refused to everyone of your company except the break-glass admin below."
              {...form.getInputProps('requireSso', { type: 'checkbox' })}
            />
            <TextInput
              label="Break-glass admin"
              description="A Company Admin's email who can still sign in with a password, should the provider fail."
              placeholder="it-admin@example.com"
              type="email"
              required={form.values.requireSso}
              maw={480}
              {...form.getInputProps('breakGlassEmail')}
            />
          </SettingsFieldset>

          <Group justify="space-between">
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save and check the provider
              </Button>
            </Group>
            {config && !confirmRemove && (
              <Button variant="subtle" color="red" onClick={() => setConfirmRemove(true)}>
                Remove single sign-on
              </Button>
            )}
            {config && confirmRemove && (
              <Group gap="xs">
                <Text fz="sm">Everyone will sign in with a password again.</Text>
                <Button color="red" loading={remove.isPending} onClick={() => void removeNow()}>
                  Remove
                </Button>
                <Button variant="default" onClick={() => setConfirmRemove(false)}>
                  Keep it
                </Button>
              </Group>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** One group of the settings: its legend names the fields under it. */
function SettingsFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend}>
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  );
}

/** The addresses the provider's administrator registers for the client. */
function RegisterAtProvider({ answer }: { answer: SsoConfigAnswer }) {
  const rows = [
    { label: 'Redirect URI', value: answer.redirectUri },
    { label: 'Post-logout redirect URI', value: answer.postLogoutRedirectUri },
    { label: 'Back-channel logout URI', value: answer.backchannelLogoutUri },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Register these at your provider
        </Title>
        <Text fz="sm" c="dimmed">
          Create a confidential web client (authorization code with PKCE, scopes openid email profile phone) and give it these addresses.
          {answer.config && !answer.config.endSessionSupported && ' Your provider announced no end-session endpoint: signing out here does not sign out there.'}
        </Text>
        {rows.map((row) => (
          <Stack key={row.label} gap={2}>
            <Text fz="sm" fw={500}>
              {row.label}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>{row.value}</Code>
              <CopyButton value={row.value}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy'}>
                    <ActionIcon variant="subtle" onClick={copy} aria-label={`Copy the ${row.label.toLowerCase()}`}>
                      {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
