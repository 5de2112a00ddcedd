// The request guard: `app.authenticate` resolves the bearer id token into request.principal;
// `requirePermission` is the route-level check. Object-level checks live in the services.
// A safe route may declare its first read (`config.readAhead`): on PostgreSQL it is then sent with
// the principal's lookup, in one round trip, and handed to the handler only once the request has
// passed every check a request without it passes (loadPrincipalWithRead says how).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_ERROR_CODES, AUTH_MESSAGES, type AbilityAction, type AbilitySubject } from '@clearlane/contract';
import { AppError, forbidden } from '../http/errors.ts';
import type { Database } from '../db/client.ts';
import type { IdTokenVerifier, VerifiedIdToken } from '../session/claims.ts';
import { enterCompany } from '../db/tenant-scope.ts';
import { loadPrincipal, loadPrincipalWithRead, type Principal } from './principal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    /** What the route's readAhead read, once the principal it was read with is known (readAheadResult). */
    readAhead?: { result: unknown };
  }
  interface FastifyContextConfig {
    /**
     * A safe route's first read, done with the principal's lookup in one round trip
     * (loadPrincipalWithRead): given the request (its querystring not yet validated) and the
     * company its token names, the read to do, or undefined when there is none to do ahead (the
     * querystring is invalid, say). Its result reaches the handler (readAheadResult) only after
     * authentication, the plugin gate and validation have all passed; the handler still checks the
     * permission before answering with it.
     */
    readAhead?: (request: FastifyRequest, companyId: string) => (() => Promise<unknown>) | undefined;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const unauthenticated = () => new AppError(401, AUTH_ERROR_CODES.UserUnAuthenticated, AUTH_MESSAGES.userUnauthenticated);

export const guardPlugin = fp<{ db: Database; tokens: IdTokenVerifier }>(async (app, { db, tokens }) => {
  app.decorateRequest('principal', undefined);
  app.decorateRequest('readAhead', undefined);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthenticated();
    const claims = await tokens.verifyIdToken(match[1]!, { host: request.host });
    if (!claims) throw unauthenticated();
    const principal = await principalAndReadAhead(request, claims);
    if (!principal) throw unauthenticated();
    request.principal = principal;
    // From here on the request's queries run under row-level security for this company.
    enterCompany(principal.companyId);
  });

  async function principalAndReadAhead(request: FastifyRequest, claims: VerifiedIdToken): Promise<Principal | null> {
    // Only a safe request reads ahead: its read changes nothing whether or not its caller checks out.
    const safe = request.method === 'GET' || request.method === 'HEAD';
    const read = safe ? request.routeOptions.config.readAhead?.(request, claims.companyId) : undefined;
    const withRead = read ? await loadPrincipalWithRead(db, claims, read) : undefined;
    if (!withRead) return loadPrincipal(db, claims);
    if (withRead.principal && withRead.result !== undefined) request.readAhead = { result: withRead.result };
    return withRead.principal;
  }
});

/**
 * What the route's readAhead read for this request, or undefined (none was declared, PGlite, the
 * read failed): the handler then reads as usual. Its type is the one the route's readAhead reads.
 */
export function readAheadResult<Result>(request: FastifyRequest): Result | undefined {
  return request.readAhead?.result as Result | undefined;
}

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
