// The request guard: `app.authenticate` resolves the bearer id token into request.principal;
// `requirePermission` is the route-level check. Object-level checks live in the services.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_ERROR_CODES, AUTH_MESSAGES, type AbilityAction, type AbilitySubject } from '@clearlane/contract';
import { AppError, forbidden } from '../http/errors.ts';
import type { Database } from '../db/client.ts';
import type { IdTokenVerifier } from '../session/claims.ts';
import { enterCompany } from '../db/tenant-scope.ts';
import { loadPrincipal, type Principal } from './principal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const unauthenticated = () => new AppError(401, AUTH_ERROR_CODES.UserUnAuthenticated, AUTH_MESSAGES.userUnauthenticated);

export const guardPlugin = fp<{ db: Database; tokens: IdTokenVerifier }>(async (app, { db, tokens }) => {
  app.decorateRequest('principal', undefined);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthenticated();
    const claims = await tokens.verifyIdToken(match[1]!, { host: request.host });
    if (!claims) throw unauthenticated();
    const principal = await loadPrincipal(db, claims);
    if (!principal) throw unauthenticated();
    request.principal = principal;
    // From here on the request's queries run under row-level security for this company.
    enterCompany(principal.companyId);
  });
});

/** The signed-in principal of a route that ran `app.authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

export function assertCan(principal: Principal, action: AbilityAction, subject: AbilitySubject): void {
  if (!principal.ability.can(action, subject)) throw forbidden(`Your role (${principal.role}) may not ${action} ${subject}.`);
}

/** preHandler for routes: authenticate, then check one (action, subject). */
export function requirePermission(app: FastifyInstance, action: AbilityAction, subject: AbilitySubject) {
  return async (request: FastifyRequest) => {
    await app.authenticate(request);
    assertCan(principalOf(request), action, subject);
  };
}
