import { Table, Text, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import type { AbilityAction, AbilitySubject, AppAbility } from '@clearlane/contract/ability';
import type { PluginName } from '@clearlane/contract/company';
import { BUILT_PLUGINS } from '@clearlane/contract/plugins';
import { hasPlugins } from '../../../lib/plugins.ts';

/**
 * The areas of the table, with the plugin each belongs to (as the server's routes declare it). An area
 * is listed only when its feature is built and on for the company: Scores (dot-scores) joins the
 * table when its pages exist.
 */
const SUBJECTS: { subject: AbilitySubject; label: string; plugin?: PluginName }[] = [
  { subject: 'Order', label: 'Orders', plugin: 'orders' },
  { subject: 'Reports', label: 'Reports', plugin: 'orders' },
  { subject: 'Driver', label: 'Drivers' },
  { subject: 'Monitoring', label: 'Monitoring', plugin: 'monitoring' },
  { subject: 'Business', label: 'Businesses', plugin: 'businesses' },
  { subject: 'Claim', label: 'Claims', plugin: 'claims' },
  { subject: 'User', label: 'Users' },
];

const ACTIONS: { action: AbilityAction; label: string; hint: string }[] = [
  { action: 'view', label: 'View', hint: 'See and download' },
  { action: 'create', label: 'Create', hint: 'Add new ones' },
  { action: 'manage', label: 'Manage', hint: 'Change, review and delete' },
];

/** Subjects × actions with a tick where the user's roles allow it (read from the same ability the UI uses). */
export function PermissionsGrid({ ability, plugins }: { ability: AppAbility; plugins: readonly string[] }) {
  const areas = SUBJECTS.filter(({ plugin }) => !plugin || (BUILT_PLUGINS.includes(plugin) && hasPlugins(plugins, plugin)));
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped withTableBorder verticalSpacing="xs" aria-labelledby="permissions-heading">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Area</Table.Th>
            {ACTIONS.map(({ action, label, hint }) => (
              <Table.Th key={action} scope="col" ta="center">
                <Tooltip label={hint} withArrow>
                  <Text span fz="sm" fw={700} tabIndex={0}>
                    {label}
                  </Text>
                </Tooltip>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {areas.map(({ subject, label }) => (
            <Table.Tr key={subject}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              {ACTIONS.map(({ action }) => {
                const allowed = ability.can(action, subject);
                return (
                  <Table.Td key={action} ta="center">
                    {allowed ? (
                      <ThemeIcon size={22} radius="xl" color="teal.8" variant="filled" aria-hidden>
                        <IconCheck size={14} stroke={3} />
                      </ThemeIcon>
                    ) : (
                      <IconMinus size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                    )}
                    <VisuallyHidden>{allowed ? 'Allowed' : 'Not allowed'}</VisuallyHidden>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
