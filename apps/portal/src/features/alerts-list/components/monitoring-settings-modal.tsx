// The company's monitoring settings in a dialog: whether a new conviction or DMV action orders a fresh
// MVR of the driver, and the ruleset that judges it. A Company Admin or Manager saves them (create
// Monitoring); everyone else who sees alerts reads them. The server checks the ruleset and the Orders
// feature; its answers land on the fields they name.
import { Alert, Button, Group, Loader, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MonitoringSettings } from '@clearlane/contract/monitoring';
import { useAbility } from '../../../lib/ability.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useUserContext } from '../../../lib/current-user.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { useMonitoringSettings, useSaveMonitoringSettings } from '../api/monitoring-settings.ts';
import { RulesetSelect } from '../../../components/ruleset-select.tsx';

export const REORDER_LABEL = 'Order a fresh MVR when a new conviction or DMV action is reported';
const EXPLANATION =
  'When monitoring reports a change for an enrolled driver, Clearlane orders a new MVR, judges it with the ruleset below, and the alert shows which rule now fails.';
const COMPANY_DEFAULT = 'Company default';

/** How the server's problems read on each field ("is not one of your company's rulesets…"). */
const FIELD_SUBJECTS = { reorderMvrOnChange: 'Ordering a fresh MVR', ruleNamespace: 'The ruleset' } as const;
type Field = keyof typeof FIELD_SUBJECTS;

interface Values {
  reorderMvrOnChange: boolean;
  /** Empty for the company's default ruleset (null on the wire). */
  ruleNamespace: string;
}

export function MonitoringSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useMonitoringSettings();
  const mayEdit = useAbility().can('create', 'Monitoring');
  return (
    <Modal opened={opened} onClose={onClose} title="Monitoring settings" size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {settings.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Loading the monitoring settings" />
        </Group>
      ) : settings.isError ? (
        <Alert color="red" title="The monitoring settings could not be loaded" role="alert">
          {settings.error.message}
        </Alert>
      ) : mayEdit ? (
        <SettingsForm saved={settings.data} onDone={onClose} />
      ) : (
        <SettingsSummary saved={settings.data} />
      )}
    </Modal>
  );
}

/** What a user who may only view sees: the settings as text, and who can change them. */
function SettingsSummary({ saved }: { saved: MonitoringSettings }) {
  return (
    <Stack gap="sm">
      <Text fz="sm">{EXPLANATION}</Text>
      <dl style={{ margin: 0 }}>
        <Text component="dt" fz="sm" fw={600}>
          {REORDER_LABEL}
        </Text>
        <Text component="dd" fz="sm" ms={0} mb="xs">
          {saved.reorderMvrOnChange ? 'On' : 'Off'}
        </Text>
        <Text component="dt" fz="sm" fw={600}>
          Ruleset
        </Text>
        <Text component="dd" fz="sm" ms={0}>
          {saved.ruleNamespace ?? COMPANY_DEFAULT}
        </Text>
      </dl>
      <Text fz="sm" c="dimmed">
        Only a Company Admin or a Manager can change these settings.
      </Text>
    </Stack>
  );
}

function SettingsForm({ saved, onDone }: { saved: MonitoringSettings; onDone: () => void }) {
  const save = useSaveMonitoringSettings();
  const ordersOn = useUserContext().plugins.includes('orders');
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { reorderMvrOnChange: saved.reorderMvrOnChange, ruleNamespace: saved.ruleNamespace ?? '' },
  });

  const submit = form.onSubmit((values) => {
    const namespace = values.ruleNamespace.trim();
    save.mutate(
      { reorderMvrOnChange: values.reorderMvrOnChange, ruleNamespace: namespace === '' ? null : namespace },
      {
        onSuccess: () => {
          notify.success('Monitoring settings saved');
          onDone();
        },
        onError: (error) => {
          const onFields = error instanceof ApiError ? (Object.keys(FIELD_SUBJECTS) as Field[]).filter((field) => error.fieldMessage(field)) : [];
          for (const field of onFields) form.setFieldError(field, `${FIELD_SUBJECTS[field]} ${(error as ApiError).fieldMessage(field)}`);
          if (onFields.length === 0) notify.error(error.message, { title: 'The monitoring settings could not be saved' });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{EXPLANATION}</Text>
        <Switch
          label={REORDER_LABEL}
          description={ordersOn ? undefined : 'Needs the Orders feature, which is not switched on for your company.'}
          disabled={!ordersOn && !form.values.reorderMvrOnChange}
          {...form.getInputProps('reorderMvrOnChange', { type: 'checkbox' })}
        />
        {ordersOn ? (
          <RulesetSelect
            label="Ruleset"
            description="The ruleset that judges the MVRs ordered on a change."
            emptyLabel={COMPANY_DEFAULT}
            value={form.values.ruleNamespace}
            onChange={(namespace) => form.setFieldValue('ruleNamespace', namespace)}
            error={form.errors.ruleNamespace}
          />
        ) : (
          // Without the Orders feature there is no list of rulesets to choose from (GET /rulesets needs it).
          <TextInput
            label="Ruleset"
            placeholder={COMPANY_DEFAULT}
            description="The name of one of your company's rulesets; leave it empty for the company default."
            maxLength={64}
            autoComplete="off"
            {...form.getInputProps('ruleNamespace')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
