// Our tokens: ES256 JWTs signed with a key kept in the database (so every server process signs and
// verifies alike), published as JWKS. The id token is the bearer of every API call (SPEC.md §7).
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, createLocalJWKSet, type JWK, type JSONWebKeySet } from 'jose';
import { isNull } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';
import type { Config } from '../config/config.ts';
import type { IdentityClaims, IdTokenVerifier, VerifiedIdToken } from '../session/claims.ts';

export type { IdentityClaims, VerifiedIdToken };

type SigningKey = Awaited<ReturnType<typeof importJWK>>;

export const TOKEN_AUDIENCE = 'clearlane-portal';
const ALG = 'ES256';
/** About 1 KB each: a few MB at most, for as many live sessions as a process serves at once. */
const MAX_VERIFIED_TOKENS = 5000;

export class TokenService implements IdTokenVerifier {
  private signingKey?: { kid: string; key: SigningKey };
  private jwks?: JSONWebKeySet;
  private verifier?: ReturnType<typeof createLocalJWKSet>;
  /** Id tokens whose signature was checked, by their text (bounded; emptied when full). */
  private readonly verifiedTokens = new Map<string, VerifiedIdToken>();

  constructor(private readonly db: Database, private readonly config: Config) {}

  /** Loads the active key, creating one on first start; safe when several processes start at once. */
  async init(): Promise<void> {
    let rows = await this.db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
    if (rows.length === 0) {
      const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
      const kid = uuidv7();
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
      await this.db.insert(signingKeys).values({ kid, privateJwk, publicJwk }).onConflictDoNothing();
      rows = await this.db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
    }
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const newest = rows[rows.length - 1]!;
    this.signingKey = { kid: newest.kid, key: await importJWK(newest.privateJwk as JWK, ALG) };
    this.jwks = { keys: rows.map((row) => row.publicJwk as JWK) };
    this.verifier = createLocalJWKSet(this.jwks);
  }

  publicKeys(): JSONWebKeySet {
    return this.jwks ?? { keys: [] };
  }

  get idTokenTtlSeconds(): number {
    return this.config.ID_TOKEN_TTL_SECONDS;
  }

  async issue(claims: IdentityClaims): Promise<{ idToken: string; accessToken: string; expiresIn: number }> {
    const key = this.requireKey();
    const ttl = this.config.ID_TOKEN_TTL_SECONDS;
    const base = (payload: Record<string, unknown>) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
        .setIssuer(this.config.ISSUER)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttl}s`)
        .setJti(uuidv7());
    const idToken = await base({
      token_use: 'id',
      email: claims.email,
      given_name: claims.givenName,
      family_name: claims.familyName,
      groups: claims.groups,
      company_id: claims.companyId,
      tenant_identifier: claims.tenantIdentifier,
      sid: claims.sid,
    })
      .setAudience(TOKEN_AUDIENCE)
      .sign(key.key);
    const accessToken = await base({ token_use: 'access', scope: 'email openid profile phone', company_id: claims.companyId, sid: claims.sid })
      .setAudience(TOKEN_AUDIENCE)
      .sign(key.key);
    return { idToken, accessToken, expiresIn: ttl };
  }

  /** Verifies an id token; returns null for anything that is not a valid, unexpired id token of ours. */
  async verifyIdToken(token: string): Promise<VerifiedIdToken | null> {
    // A token's signature and claims never change, so a token verified once needs only its expiry
    // checked again. Revocation is not decided here: the guard asks the database on every request.
    const known = this.verifiedTokens.get(token);
    if (known) {
      if (known.expiresAt * 1000 > Date.now()) return known;
      this.verifiedTokens.delete(token);
    }
    const claims = await this.verifySignedIdToken(token);
    if (claims) {
      if (this.verifiedTokens.size >= MAX_VERIFIED_TOKENS) this.verifiedTokens.clear();
      this.verifiedTokens.set(token, claims);
    }
    return claims;
  }

  private async verifySignedIdToken(token: string): Promise<VerifiedIdToken | null> {
    if (!this.verifier) throw new Error('TokenService.init() was not called');
    try {
      const { payload } = await jwtVerify(token, this.verifier, { issuer: this.config.ISSUER, audience: TOKEN_AUDIENCE, algorithms: [ALG] });
      if (payload.token_use !== 'id' || typeof payload.sub !== 'string') return null;
      return {
        sub: payload.sub,
        email: String(payload.email),
        givenName: String(payload.given_name),
        familyName: String(payload.family_name),
        companyId: String(payload.company_id),
        tenantIdentifier: String(payload.tenant_identifier),
        groups: Array.isArray(payload.groups) ? payload.groups.map(String) : [],
        sid: String(payload.sid),
        expiresAt: payload.exp ?? 0,
      };
    } catch {
      return null;
    }
  }

  private requireKey() {
    if (!this.signingKey) throw new Error('TokenService.init() was not called');
    return this.signingKey;
  }
}
