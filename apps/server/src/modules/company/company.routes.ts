import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompanyPluginsSchema, CompanySchema, KNOWN_PLUGINS, ProblemSchema, type PluginName } from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { principalOf } from '../../access/guard.ts';
import { notFound } from '../../http/errors.ts';
import { findCompany, type CompanyRow } from './company.repository.ts';

const knownPlugins = (plugins: string[]) => plugins.filter((p): p is PluginName => (KNOWN_PLUGINS as readonly string[]).includes(p));

export const toCompany = (row: CompanyRow) => ({
  id: row.id,
  name: row.name,
  tenantIdentifier: row.tenantIdentifier,
  customDomains: row.customDomains,
  plugins: knownPlugins(row.plugins),
  createdAt: row.createdAt.toISOString(),
});

export async function companyRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Company'];
  const security = [{ bearer: [] }];
  // Authenticate before the body is parsed or validated: a caller without a valid token learns nothing else.
  app.addHook('onRequest', app.authenticate);

  const myCompany = async (companyId: string) => {
    const row = await findCompany(db, companyId);
    if (!row) throw notFound('company');
    return row;
  };

  r.get('/company/me', {
    schema: { tags, security, summary: 'My company', response: { 200: CompanySchema, 401: ProblemSchema } },
  }, async (request) => toCompany(await myCompany(principalOf(request).companyId)));

  r.get('/company/me/plugins', {
    schema: { tags, security, summary: 'Features switched on for my company', response: { 200: CompanyPluginsSchema, 401: ProblemSchema } },
  }, async (request) => ({ plugins: knownPlugins((await myCompany(principalOf(request).companyId)).plugins) }));
}
