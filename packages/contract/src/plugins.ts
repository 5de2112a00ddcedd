// What the server and the portal say about company plugins (features switched on per company).
// Zod-free on purpose: the portal's navigation imports it, and the entry chunk stays small.
import type { PluginName } from './company.ts';

/** The stable `code` of the 403 problem a route answers when its plugin is off for the caller's company. */
export const PLUGIN_NOT_ENABLED = 'PluginNotEnabled';

/** How each plugin is named to people: in the 403 problem's detail and in the portal. */
export const PLUGIN_LABELS: Record<PluginName, string> = {
  orders: 'Orders',
  'bulk-orders': 'Bulk orders',
  claims: 'Claims',
  monitoring: 'Monitoring',
  'dot-scores': 'DOT scores',
  businesses: 'Businesses',
  downloads: 'Downloads',
};

/**
 * Plugins whose features exist in this build. The others (DOT scores)
 * can be switched on for a company ahead of time, but the portal never advertises them until built.
 */
export const BUILT_PLUGINS: readonly PluginName[] = ['orders', 'bulk-orders', 'businesses', 'monitoring', 'downloads', 'claims'];

/** "Businesses is not enabled for Acme Logistics": the one sentence server and portal use. */
export const pluginNotEnabledMessage = (plugin: PluginName, companyName: string) => `${PLUGIN_LABELS[plugin]} is not enabled for ${companyName}.`;
