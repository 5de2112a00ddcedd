// Company plugins, declared rather than checked by hand (DESIGN.md §8). A module says which plugin
// its routes belong to with one line, `routesNeedPlugins(app, 'orders')`; a route that needs
// something else says so in its options, `config: { plugin: ['orders', 'businesses'] }`. One
// onRoute hook reads the declaration when the route is registered and
//   - checks it on every request, right after authentication: 401 (who are you?) comes first, then
//     403 PluginNotEnabled (is the feature on for your company?), then the role's permission (403
//     Forbidden, in the service) and only then the body: a company without the feature learns
//     nothing about its input and nothing is written;
//   - documents it in the OpenAPI operation (`x-plugins`, the 403 answer, a line of description), which
//     test/plugins.test.ts walks to prove that no /api/v1 route forgot to declare or to be listed
//     as deliberately plugin-free.
// Which plugin each route belongs to, and why: docs/DECISIONS.md, "Company plugins".
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { KNOWN_PLUGINS, PLUGIN_NOT_ENABLED, ProblemSchema, pluginNotEnabledMessage, type PluginName } from '@clearlane/contract';
import { AppError } from '../http/errors.ts';
import { principalOf } from './guard.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The company plugin(s) this route needs; all of them must be on. */
    plugin?: PluginName | readonly PluginName[];
  }
  interface FastifyInstance {
    /** Set by routesNeedPlugins: the plugins every route of this module (encapsulation context) needs. */
    modulePlugins?: readonly PluginName[];
  }
}

/** The OpenAPI extension naming an operation's plugins. */
export const OPENAPI_PLUGINS_KEY = 'x-plugins';

export const pluginNotEnabled = (plugin: PluginName, companyName: string) =>
  new AppError(403, PLUGIN_NOT_ENABLED,
    `${pluginNotEnabledMessage(plugin, companyName)} This needs the "${plugin}" plugin; ask Clearlane to switch it on for your company.`,
    { plugin });

/**
 * Every route this module registers needs these plugins (unless a route declares its own). Call it
 * once at the top of a module's route function, where `app` is the module's own context.
 */
export function routesNeedPlugins(app: FastifyInstance, ...plugins: [PluginName, ...PluginName[]]): void {
  app.decorate('modulePlugins', plugins);
}

function declaredPlugins(declared: PluginName | readonly PluginName[] | undefined): PluginName[] {
  const plugins = declared === undefined ? [] : typeof declared === 'string' ? [declared] : [...declared];
  for (const plugin of plugins) {
    // A typo must not silently become a plugin no company has (or a route nobody can reach).
    if (!(KNOWN_PLUGINS as readonly string[]).includes(plugin)) throw new Error(`Unknown plugin "${plugin}" declared by a route`);
  }
  return plugins;
}

/** Refuses the request unless the caller's company has every plugin; the first one missing is named. */
function enforcePlugins(plugins: readonly PluginName[]) {
  return async function requirePlugins(request: FastifyRequest) {
    // A route that declares a plugin but forgot to authenticate refuses everyone (fails closed).
    const principal = principalOf(request);
    const missing = plugins.find((plugin) => !principal.plugins.includes(plugin));
    if (missing) throw pluginNotEnabled(missing, principal.companyName);
  };
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function documented(schema: RouteOptions['schema'], plugins: readonly PluginName[]): RouteOptions['schema'] & { [OPENAPI_PLUGINS_KEY]: readonly PluginName[] } {
  const line = `Needs the company plugin${plugins.length > 1 ? 's' : ''} ${plugins.map((plugin) => `\`${plugin}\``).join(' and ')} (403 PluginNotEnabled otherwise).`;
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  return {
    ...schema,
    description: schema?.description ? `${schema.description}\n\n${line}` : line,
    response: { ...response, 403: response[403] ?? ProblemSchema },
    [OPENAPI_PLUGINS_KEY]: plugins,
  };
}

/** The one hook: registered before the modules, it sees every route they register. */
export const pluginGatePlugin = fp(async (app) => {
  app.addHook('onRoute', function declarePlugins(this: FastifyInstance, route) {
    const plugins = declaredPlugins(route.config?.plugin ?? this.modulePlugins);
    if (plugins.length === 0) return;
    route.config = { ...route.config, plugin: plugins };
    route.schema = documented(route.schema, plugins);
    // Route-level hooks run after the module's own: `app.authenticate` has set the principal.
    route.onRequest = [...asArray(route.onRequest), enforcePlugins(plugins)];
  });
});
