// A cloud user pool's id tokens (AUTH_PROVIDER=cognito, issue 14). The portal signs in against the
// pool itself and sends the pool's id token as the bearer (SPEC.md §7); here it is verified against
// the pool's JWKS (signature, `iss`, `aud` = the app client, `token_use` = id, expiry) and turned into
// the claims the guard reads, through the provider-neutral external sign-in (identity/external-sign-in.ts):
// the `cognito:groups` claim maps to our roles, the company comes from a custom attribute (its tenant
// identifier), else from the host, else (the main domain) the person's first company; someone new is
// created just in time in the company the attribute names.
//
// Sessions: every sign-in at the pool is one refresh family of ours (session/families.ts), whose id
// is derived from the token's `origin_jti` (the same for every token the sign-in's refresh token
// yields; `event_id`, then `jti`, where a pool leaves it out). The guard's principal_of() reads the
// family on every request, so our sign-out (it revokes the family), disabling a user and switching
// off their membership apply at once, exactly as for our own tokens.
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { CognitoSettings } from '../../config/config.ts';
import type { Database } from '../../db/client.ts';
import { uuidFromName } from '../../db/name-based-uuid.ts';
import { refreshTokens } from '../../db/schema.ts';
import { runOutsideCompany } from '../../db/tenant-scope.ts';
import type { IdTokenContext, IdTokenVerifier, VerifiedIdToken } from '../../session/claims.ts';
import { refusal, resolveExternalUser, type ExternalIdentity } from '../external-sign-in.ts';
import { findCompanyByTenant } from '../../modules/company/company.repository.ts';
import { findUserByEmail, membershipsOf, updateUser } from '../identity.repository.ts';
import { randomHandle, sha256 } from '../secrets.ts';

/** About 1 KB each, as identity/tokens.ts: emptied when full. */
const MAX_RESOLVED_TOKENS = 5000;
/** A pool sign-in's family lives as long as its refresh token could: AWS allows ten years at most. */
const FAMILY_LIFETIME_MS = 10 * 365 * 86_400_000;

export interface CognitoTokenOptions {
  /** The host's company (its tenant identifier, '' for none): the company of a token without the attribute. */
  tenantOfHost: (host: string) => Promise<string>;
  /** How long after fetching the keys an unknown kid waits before they are fetched again (jose's default, 30 s, unless told). */
  jwksCooldownMs?: number;
}

export class CognitoTokens {
  private readonly keySet: ReturnType<typeof createRemoteJWKSet>;
  /** Tokens already verified and resolved, by their text and (for tokens without the attribute) the host. */
  private readonly resolved = new Map<string, Promise<VerifiedIdToken | null>>();

  constructor(private readonly db: Database, readonly settings: CognitoSettings, private readonly options: CognitoTokenOptions) {
    // jose caches the keys and fetches them again when a token names a kid it does not know (at most every 30 s).
    this.keySet = createRemoteJWKSet(new URL(settings.jwksUri), options.jwksCooldownMs === undefined ? {} : { cooldownDuration: options.jwksCooldownMs });
  }

  /** Whether a token claims to come from this pool (unverified: only to pick the verifier). */
  claims(token: string): boolean {
    try {
      return decodeJwt(token).iss === this.settings.issuer;
    } catch {
      return false;
    }
  }

  /**
   * The claims of a valid id token of the pool, as our guard reads them (sub = our user, sid = the
   * family of the pool sign-in); null when the token is not valid. Refusals about the person (disabled,
   * no company) are 401 NotAuthorizedException problems.
   */
  async verifyIdToken(token: string, context: IdTokenContext = {}): Promise<VerifiedIdToken | null> {
    // The key is the token's text (and the host, when the token names no company): its claims are
    // read unverified only to build the key; nothing is answered for a text that was never verified.
    let unverified: JWTPayload;
    try {
      unverified = decodeJwt(token);
    } catch {
      return null;
    }
    const attribute = stringClaim(unverified[this.settings.companyAttribute]);
    const key = attribute ? token : `${token}\n${context.host ?? ''}`;
    let resolution = this.resolved.get(key);
    if (!resolution) {
      if (this.resolved.size >= MAX_RESOLVED_TOKENS) this.resolved.clear();
      resolution = this.verify(token).then((payload) => (payload ? this.resolve(payload, attribute, context.host ?? '') : null));
      this.resolved.set(key, resolution);
      // Neither a refusal nor an invalid token is remembered: the next request asks again (an admin
      // may have fixed the account, the pool may have published a new key).
      resolution.then((claims) => claims ?? this.resolved.delete(key), () => this.resolved.delete(key));
    }
    const claims = await resolution;
    // The signature was checked once; the expiry is checked on every request.
    if (claims && claims.expiresAt * 1000 <= Date.now()) {
      this.resolved.delete(key);
      return null;
    }
    return claims;
  }

  private async verify(token: string): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.keySet, {
        issuer: this.settings.issuer,
        audience: this.settings.userPoolClientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub'],
      });
      return payload.token_use === 'id' ? payload : null;
    } catch {
      return null;
    }
  }

  private async resolve(payload: JWTPayload, attribute: string | undefined, host: string): Promise<VerifiedIdToken> {
    const tenant = attribute ?? (await this.options.tenantOfHost(host));
    const chosen = tenant || (await this.firstCompanyOf(stringClaim(payload.email)));
    if (!chosen) {
      throw refusal('Your user pool account names no company, and this address is not a company\'s: sign in at your company\'s own address.');
    }
    const company = await runOutsideCompany(() => findCompanyByTenant(this.db, chosen));
    if (!company) throw refusal(`Your user pool account names the company "${chosen}", which does not exist here. Ask your administrator.`);
    const identity: ExternalIdentity = {
      issuer: this.settings.issuer,
      subject: payload.sub!,
      email: stringClaim(payload.email),
      emailVerified: booleanClaim(payload.email_verified),
      givenName: stringClaim(payload.given_name),
      familyName: stringClaim(payload.family_name),
      roleValues: Array.isArray(payload['cognito:groups']) ? payload['cognito:groups'].filter((group): group is string => typeof group === 'string') : [],
    };
    const user = await resolveExternalUser(this.db, identity, {
      companyId: company.id,
      emailDomains: null,
      roleMapping: this.settings.groupRoles,
      // Only the pool names a new person's company: the host alone would let anyone of the pool join any company.
      jitEnabled: attribute !== undefined,
      defaultRole: this.settings.defaultRole,
      breakGlassEmail: null,
    });
    const sid = familyIdOf(this.settings.issuer, stringClaim(payload.origin_jti) ?? stringClaim(payload.event_id) ?? stringClaim(payload.jti) ?? payload.sub!);
    const opened = await runOutsideCompany(() => this.openFamily(sid, user.id, company.id));
    if (opened) await updateUser(this.db, user.id, { lastSignInAt: new Date() });
    const membership = (await membershipsOf(this.db, user.id)).find((m) => m.companyId === company.id);
    return {
      sub: user.id,
      email: user.email,
      givenName: user.firstName,
      familyName: user.lastName,
      companyId: company.id,
      tenantIdentifier: company.tenantIdentifier,
      groups: membership ? [membership.role] : [],
      sid,
      expiresAt: payload.exp!,
    };
  }

  /** On the main domain, as the password sign-in there: the first company of someone we know that has not switched them off. */
  private async firstCompanyOf(email: string | undefined): Promise<string | undefined> {
    const user = email ? await findUserByEmail(this.db, email.toLowerCase()) : undefined;
    return user ? (await membershipsOf(this.db, user.id)).find((membership) => membership.enabled)?.tenantIdentifier : undefined;
  }

  /**
   * The pool sign-in's family, opened the first time one of its tokens is seen. Once revoked (signed
   * out, switched off) it is never opened again: its tokens stay refused. True when it was opened now.
   */
  private async openFamily(familyId: string, userId: string, companyId: string): Promise<boolean> {
    const [existing] = await this.db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.familyId, familyId)).limit(1);
    if (existing) return false;
    // The row only marks the family live: its token is random and never handed out, so it refreshes nothing.
    await this.db.insert(refreshTokens).values({
      id: uuidv7(),
      familyId,
      userId,
      companyId,
      tokenHash: sha256(randomHandle(32)),
      expiresAt: new Date(Date.now() + FAMILY_LIFETIME_MS),
    });
    return true;
  }
}

/** Our own tokens (embedded sign-in, companies' own providers) and the pool's, told apart by their issuer. */
export function eitherIdToken(ours: IdTokenVerifier, pool: CognitoTokens | null): IdTokenVerifier {
  if (!pool) return ours;
  return { verifyIdToken: (token, context) => (pool.claims(token) ? pool.verifyIdToken(token, context) : ours.verifyIdToken(token, context)) };
}

/** A stable uuid for a pool sign-in: the same `origin_jti` is the same family in every process. */
export function familyIdOf(issuer: string, originJti: string): string {
  return uuidFromName(`${issuer}\n${originJti}`);
}

const stringClaim = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
/** AWS sends a boolean; some compatible services a string. */
const booleanClaim = (value: unknown) => (typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined);
