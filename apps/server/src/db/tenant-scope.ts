// Which company the current unit of work acts for, carried implicitly to the database layer so
// PostgreSQL's row-level security can be the second wall behind the repositories' WHERE company_id
// (DESIGN.md §5). A request gets an empty scope when it arrives and the company once its caller is
// known (access/guard.ts); a job runs inside the scope of its order's company (orders.jobs.ts).
// Work outside any scope — sign-in, the CLI, seeds, pg-boss itself — runs as the connecting role.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

interface TenantScope {
  companyId?: string;
}

const scopes = new AsyncLocalStorage<TenantScope>();

/** The company the current work acts for, or undefined outside a company's scope. */
export function currentCompanyId(): string | undefined {
  return scopes.getStore()?.companyId;
}

/**
 * Runs work (a job, a script) as one company: every query in it sees only that company's rows.
 * The work is awaited inside the scope because drizzle's queries are lazy: a query returned
 * unawaited would run when awaited outside, unscoped.
 */
export function runAsCompany<T>(companyId: string, work: () => PromiseLike<T>): Promise<T> {
  return scopes.run({ companyId }, async () => await work());
}

/**
 * Runs work for no company inside a company's scope: as the connecting role, which row-level
 * security does not bind. Only for identity data that belongs to a person across companies — a
 * signed-in user's own list of memberships — never for a company's data. A transaction already
 * open keeps the role it was opened with: pass the database, not a transaction.
 */
export function runOutsideCompany<T>(work: () => PromiseLike<T>): Promise<T> {
  return scopes.run({}, async () => await work());
}

/**
 * Binds the request's scope to a company once the caller is authenticated. Called outside a
 * request's scope it is a programming error: the request would silently run unscoped.
 */
export function enterCompany(companyId: string): void {
  const scope = scopes.getStore();
  if (!scope) throw new Error('enterCompany was called outside a request scope (is tenantScopePlugin registered?)');
  if (scope.companyId && scope.companyId !== companyId) throw new Error('A request cannot act for two companies');
  scope.companyId = companyId;
}

const requestScope = Symbol('clearlane.tenantScope');
declare module 'fastify' {
  interface FastifyRequest {
    [requestScope]?: AsyncResource;
  }
}

/**
 * Gives every request its own scope. The body parser resumes the request from the socket's stream
 * events, outside the scope opened in onRequest, so preValidation re-enters it — the approach of
 * @fastify/request-context, in the dozen lines this needs.
 */
export const tenantScopePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    scopes.run({}, () => {
      request[requestScope] = new AsyncResource('clearlane.tenantScope');
      done();
    });
  });
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const resource = request[requestScope];
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
});
