// Whether the signed-in user sees driver monitoring (the company's `monitoring` plugin and view
// Monitoring) and may change it (create Monitoring: enrol, acknowledge, record reviews). The server
// checks both again; this only hides what it would refuse.
import { useAbility } from '../../../../lib/ability.tsx';
import { useUserContext } from '../../../../lib/current-user.ts';
import { hasPlugins } from '../../../../lib/plugins.ts';

export function useMonitoringAccess(): { shown: boolean; mayManage: boolean } {
  const ability = useAbility();
  const on = hasPlugins(useUserContext().plugins, 'monitoring');
  const shown = on && ability.can('view', 'Monitoring');
  return { shown, mayManage: shown && ability.can('create', 'Monitoring') };
}
