// Company plugins in the portal: the same list the server enforces (GET /company/me/plugins, kept
// across page loads with the current user). The portal only hides what is off; the server refuses
// it anyway with 403 PluginNotEnabled (docs/DECISIONS.md, "Company plugins").
import type { QueryClient } from '@tanstack/react-query';
import type { PluginName } from '@clearlane/contract/company';
import { BUILT_PLUGINS, pluginNotEnabledMessage } from '@clearlane/contract/plugins';
import { userContextQuery } from './current-user.ts';

/** Whether every one of `required` is on. */
export const hasPlugins = (enabled: readonly string[], ...required: PluginName[]) => required.every((plugin) => enabled.includes(plugin));

/** The plugins worth telling a user about: on for their company and built in this portal. */
export const builtPlugins = (enabled: readonly string[]) => BUILT_PLUGINS.filter((plugin) => enabled.includes(plugin));

/** A page of a feature that is off for the user's company; the error page says so in these words. */
export class FeatureNotEnabledError extends Error {
  constructor(readonly plugin: PluginName, readonly companyName: string) {
    super(pluginNotEnabledMessage(plugin, companyName).replace(/\.$/, ''));
    this.name = 'FeatureNotEnabledError';
  }
}

/**
 * Route guard: the page's feature must be on for the company (checked before the role, as the
 * server does). The first missing plugin is named.
 */
export async function assertPluginsEnabled(queryClient: QueryClient, ...required: PluginName[]): Promise<void> {
  const { user, plugins } = await queryClient.ensureQueryData(userContextQuery);
  const missing = required.find((plugin) => !plugins.includes(plugin));
  if (missing) throw new FeatureNotEnabledError(missing, user.companyName);
}
