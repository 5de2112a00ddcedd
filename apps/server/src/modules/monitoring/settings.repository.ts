// A company's monitoring settings (one row, or none: the defaults). companyId leads every WHERE.
import { eq } from 'drizzle-orm';
import type { MonitoringSettings } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { monitoringSettings } from '../../db/schema.ts';

/** A company that never saved its settings orders no fresh MVR on a change. */
export const DEFAULT_MONITORING_SETTINGS: MonitoringSettings = { reorderMvrOnChange: false, ruleNamespace: null };

export async function findMonitoringSettings(db: Executor, companyId: string): Promise<MonitoringSettings> {
  const [row] = await db
    .select({ reorderMvrOnChange: monitoringSettings.reorderMvrOnChange, ruleNamespace: monitoringSettings.ruleNamespace })
    .from(monitoringSettings)
    .where(eq(monitoringSettings.companyId, companyId));
  return row ?? DEFAULT_MONITORING_SETTINGS;
}

export async function saveMonitoringSettings(db: Executor, companyId: string, settings: MonitoringSettings, updatedBy: string): Promise<MonitoringSettings> {
  const values = { reorderMvrOnChange: settings.reorderMvrOnChange, ruleNamespace: settings.ruleNamespace, updatedBy, updatedAt: new Date() };
  const [row] = await db
    .insert(monitoringSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: monitoringSettings.companyId, set: values })
    .returning({ reorderMvrOnChange: monitoringSettings.reorderMvrOnChange, ruleNamespace: monitoringSettings.ruleNamespace });
  return row!;
}
