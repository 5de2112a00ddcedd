// GET|PUT /company/me/monitoring-settings: whether a new conviction or DMV action orders a fresh
// MVR of the driver (recheck.job.ts), and the ruleset that judges it.
import type { MonitoringSettings } from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { invalidInput } from '../../http/errors.ts';
import { unknownRulesetMessage } from '../orders/orders.service.ts';
import { findRuleset } from '../rulesets/rulesets.repository.ts';
import { DEFAULT_NAMESPACE } from '../rulesets/rulesets.service.ts';
import { findMonitoringSettings, saveMonitoringSettings } from './settings.repository.ts';
import { ORDERS_PLUGIN } from './notify.repository.ts';

export class MonitoringSettingsService {
  constructor(private readonly db: Database) {}

  async get(principal: Principal): Promise<MonitoringSettings> {
    assertCan(principal, 'view', 'Monitoring');
    return findMonitoringSettings(this.db, principal.companyId);
  }

  async put(principal: Principal, body: MonitoringSettings): Promise<MonitoringSettings> {
    assertCan(principal, 'create', 'Monitoring');
    if (body.reorderMvrOnChange && !principal.plugins.includes(ORDERS_PLUGIN)) {
      throw invalidInput([{ path: 'body.reorderMvrOnChange', message: 'needs the Orders feature, which is not switched on for your company' }]);
    }
    // Only existence is checked: a saved ruleset that was later broken by hand still names rules a
    // Manager can repair, and the order it judges says so (orders.jobs.ts).
    const namespace = body.ruleNamespace;
    if (namespace !== null && namespace !== DEFAULT_NAMESPACE && !(await findRuleset(this.db, principal.companyId, namespace))) {
      throw invalidInput([{ path: 'body.ruleNamespace', message: unknownRulesetMessage(namespace) }]);
    }
    return saveMonitoringSettings(this.db, principal.companyId, body, principal.userId);
  }
}
