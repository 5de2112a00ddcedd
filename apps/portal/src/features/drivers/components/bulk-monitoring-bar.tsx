// The bar over the driver list when drivers are selected: enrol them in a monitoring type or remove
// them (PATCH /person/monitoring), then a toast says what changed. Only for users who may create
// Monitoring, with the monitoring plugin on (the page decides; the server checks again).
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { IconBellOff, IconBellPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { MonitoringChangeBody } from '@clearlane/contract/monitoring';
import type { MonitoringType } from '@clearlane/contract/persons';
import { MONITORING_TYPE_LABELS, MONITORING_TYPE_OPTIONS } from '../../../lib/monitoring-labels.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { useChangeMonitoring } from '../api/change-monitoring.ts';
import { monitoringChangeMessage } from '../monitoring-change.ts';

const TYPE_OPTIONS = MONITORING_TYPE_OPTIONS.map((type) => ({ value: type, label: MONITORING_TYPE_LABELS[type] }));

export function BulkMonitoringBar({ personIds, onDone }: { personIds: string[]; onDone: () => void }) {
  const [monitoringType, setMonitoringType] = useState<MonitoringType>('MvrMonitoring');
  const change = useChangeMonitoring();
  const count = personIds.length;

  const run = (action: MonitoringChangeBody['action']) => {
    const body = { personIds, monitoringType, action };
    change.mutate(body, {
      onSuccess: (result) => {
        const { changedAny, message } = monitoringChangeMessage(body, result);
        if (changedAny) notify.success(message);
        else notify.info(message);
        onDone();
      },
      onError: (error) => notify.error(error.message || 'The drivers’ monitoring could not be changed.'),
    });
  };

  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-lane-light)" role="region" aria-label="Selected drivers">
      <Group gap="sm" justify="space-between" align="flex-end">
        <Text fw={600} fz="sm" aria-live="polite">
          {count} {count === 1 ? 'driver' : 'drivers'} selected
        </Text>
        <Group gap="sm" align="flex-end">
          <Select
            label="Monitoring type"
            data={TYPE_OPTIONS}
            value={monitoringType}
            onChange={(value) => value && setMonitoringType(value as MonitoringType)}
            allowDeselect={false}
            w={180}
          />
          <Button leftSection={<IconBellPlus size={16} aria-hidden />} loading={change.isPending && change.variables?.action === 'ADD'} disabled={change.isPending} onClick={() => run('ADD')}>
            Enrol in monitoring
          </Button>
          <Button
            variant="default"
            leftSection={<IconBellOff size={16} aria-hidden />}
            loading={change.isPending && change.variables?.action === 'REMOVE'}
            disabled={change.isPending}
            onClick={() => run('REMOVE')}
          >
            Remove from monitoring
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
