// What a bulk monitoring change tells the user: how many drivers changed and how many were already
// as asked. UI-free, so it is tested alone.
import type { BulkMonitoringChangeResult, MonitoringChangeBody } from '@clearlane/contract/monitoring';
import { MONITORING_TYPE_LABELS } from '../../lib/monitoring-labels.ts';

const drivers = (count: number) => `${count} ${count === 1 ? 'driver' : 'drivers'}`;

/** "Enrolled 2 drivers in MVR monitoring. 1 driver was already enrolled in MVR monitoring." — and whether anything changed. */
export function monitoringChangeMessage({ action, monitoringType }: MonitoringChangeBody, { changed, unchanged }: BulkMonitoringChangeResult): { changedAny: boolean; message: string } {
  const type = MONITORING_TYPE_LABELS[monitoringType];
  const adding = action === 'ADD';
  const already = adding ? `already enrolled in ${type}` : `not enrolled in ${type}`;
  if (changed === 0) {
    return { changedAny: false, message: `Nothing changed: ${unchanged === 1 ? 'the driver was' : `all ${unchanged} drivers were`} ${already}.` };
  }
  const done = adding ? `Enrolled ${drivers(changed)} in ${type}.` : `Removed ${drivers(changed)} from ${type}.`;
  const rest = unchanged > 0 ? ` ${drivers(unchanged)} ${unchanged === 1 ? 'was' : 'were'} ${already}.` : '';
  return { changedAny: true, message: `${done}${rest}` };
}
