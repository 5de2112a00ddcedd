// The plugin gate on its own (src/access/plugins.ts), as a later feature will use it: a module's
// one-line declaration, a route's own declaration winning over it, a misspelt plugin stopping the
// server at start, and a declared route that forgot to authenticate refusing everyone.
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { PluginName } from '@clearlane/contract';
import type { Principal } from '../../src/access/principal.ts';
import { pluginGatePlugin, routesNeedPlugins } from '../../src/access/plugins.ts';
import { registerProblemHandler } from '../../src/http/problem-handler.ts';

/** A stand-in for app.authenticate: the caller's company has the plugins named in a header. */
const fakeAuthenticate = async (request: FastifyRequest) => {
  const header = request.headers['x-plugins'];
  if (typeof header !== 'string') return;
  request.principal = { companyName: 'Test Co', plugins: header ? header.split(',') : [] } as unknown as Principal;
};

async function appWith(register: (app: FastifyInstance) => void | Promise<void>) {
  const app = Fastify();
  // As app.ts: the 403 answer the gate documents is a zod schema.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandler(app);
  app.decorateRequest('principal', undefined);
  await app.register(pluginGatePlugin);
  await app.register(async (module) => {
    await register(module);
  });
  await app.ready();
  return app;
}

const call = (app: FastifyInstance, url: string, plugins?: PluginName[]) =>
  app.inject({ method: 'GET', url, headers: plugins ? { 'x-plugins': plugins.join(',') } : {} });

describe('plugin gate', () => {
  it('a module declares its plugin once; a route may declare its own; undeclared routes are open', async () => {
    const app = await appWith((module) => {
      module.addHook('onRequest', fakeAuthenticate);
      routesNeedPlugins(module, 'claims');
      module.get('/claims', async () => ({ ok: true }));
      module.get('/claims/scores', { config: { plugin: ['claims', 'dot-scores'] } }, async () => ({ ok: true }));
    });
    const open = await appWith((module) => {
      module.addHook('onRequest', fakeAuthenticate);
      module.get('/open', async () => ({ ok: true }));
    });

    expect((await call(app, '/claims', ['claims'])).statusCode).toBe(200);
    const refused = await call(app, '/claims', ['orders']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PluginNotEnabled', plugin: 'claims', detail: expect.stringContaining('Claims is not enabled for Test Co.') });
    // Both plugins of the route's own declaration are needed; the first missing one is named.
    expect((await call(app, '/claims/scores', ['claims'])).json()).toMatchObject({ plugin: 'dot-scores' });
    expect((await call(app, '/claims/scores', ['claims', 'dot-scores'])).statusCode).toBe(200);
    // HEAD of a GET route is gated too.
    expect((await app.inject({ method: 'HEAD', url: '/claims', headers: { 'x-plugins': 'orders' } })).statusCode).toBe(403);
    expect((await call(open, '/open', [])).statusCode).toBe(200);
  });

  it('a declared route that does not authenticate refuses everyone (401), rather than letting everyone in', async () => {
    const app = await appWith((module) => {
      routesNeedPlugins(module, 'monitoring');
      module.get('/alerts', async () => ({ ok: true }));
    });
    const response = await call(app, '/alerts');
    expect(response.statusCode).toBe(401);
  });

  it('a misspelt plugin stops the server at start', async () => {
    await expect(appWith((module) => {
      module.get('/x', { config: { plugin: 'claimz' as PluginName } }, async () => ({}));
    })).rejects.toThrow('Unknown plugin "claimz"');
  });
});
