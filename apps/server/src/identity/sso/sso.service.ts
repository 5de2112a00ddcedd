// Per-company single sign-on (issue 14). The email's domain picks the company; its OpenID provider
// signs the person in (authorization code + PKCE, state and nonce); the callback checks the id
// token and hands over to the portal with a one-time handoff code, whose redemption issues OUR
// tokens exactly as the password sign-in does. Sign-out goes back to the provider's end_session
// endpoint when it has one; the provider's back-channel logout ends our sessions of its session.
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import {
  SSO_BACKCHANNEL_LOGOUT_PATH, SSO_CALLBACK_PATH, SSO_SCOPES, signOutDestination, tenantOrigin,
  type RoleName, type SignInDiscoverResult, type SsoConfig, type SsoConfigAnswer, type SsoConfigBody,
} from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config/config.ts';
import { AppError, invalidInput, notFound } from '../../http/errors.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { runOutsideCompany } from '../../db/tenant-scope.ts';
import type { TenancyService } from '../../modules/tenancy/tenancy.service.ts';
import { domainOf, refusal, resolveExternalUser, type ExternalIdentity } from '../external-sign-in.ts';
import type { HandoffService } from '../handoff.service.ts';
import { updateUser } from '../identity.repository.ts';
import { sha256 } from '../secrets.ts';
import type { PasswordSignInGate } from '../sign-in.service.ts';
import { openSecret, sealSecret, SecretKeyMissingError } from './client-secret.ts';
import { client, OidcClients, type ProviderFetch } from './oidc-provider-client.ts';
import * as repo from './sso.repository.ts';

const LOGIN_TTL_MS = 10 * 60_000;
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** The scheme and host a request came in on, to build the company's own addresses from. */
export interface RequestLocation {
  protocol: string;
  host: string;
}

export class SsoService implements PasswordSignInGate {
  private readonly clients: OidcClients;
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly tenancy: TenancyService,
    private readonly handoff: HandoffService,
    options: { fetch?: ProviderFetch } = {},
  ) {
    this.clients = new OidcClients(options.fetch);
  }

  // --- the configuration (Company Admins; the CLI calls save/remove with the company's id) ---

  async getConfig(principal: Principal, location: RequestLocation): Promise<SsoConfigAnswer> {
    assertCan(principal, 'manage', 'all');
    return this.answer(principal.companyId, principal.tenantIdentifier, location);
  }

  async putConfig(principal: Principal, body: SsoConfigBody, location: RequestLocation): Promise<SsoConfigAnswer> {
    assertCan(principal, 'manage', 'all');
    await this.save(principal.companyId, body, principal.userId);
    return this.answer(principal.companyId, principal.tenantIdentifier, location);
  }

  async deleteConfig(principal: Principal): Promise<void> {
    assertCan(principal, 'manage', 'all');
    if (!(await runOutsideCompany(() => repo.deleteSsoConfig(this.db, principal.companyId)))) throw notFound('single sign-on configuration');
  }

  /** Checks and stores a company's configuration: domains free, break-glass admin real, discovery document good. */
  async save(companyId: string, body: SsoConfigBody, updatedBy: string | null): Promise<void> {
    const existing = await runOutsideCompany(() => repo.findSsoConfig(this.db, companyId));
    const taken = await runOutsideCompany(() => repo.domainsTakenByOthers(this.db, companyId, body.emailDomains));
    if (taken.length > 0) {
      throw invalidInput(taken.map((domain) => ({ path: `body.emailDomains.${body.emailDomains.indexOf(domain)}`, message: `${domain} already signs in through another company's provider` })));
    }
    if (body.breakGlassEmail) await this.assertBreakGlassAdmin(companyId, body.breakGlassEmail);
    const storedSecret = body.clientSecret !== undefined ? sealSecret(body.clientSecret, this.config.SSO_SECRET_KEY) : existing?.clientSecret ?? null;
    let clientSecret: string | null;
    try {
      clientSecret = storedSecret === null ? null : openSecret(storedSecret, this.config.SSO_SECRET_KEY);
    } catch (error) {
      if (!(error instanceof SecretKeyMissingError)) throw error;
      throw invalidInput([{ path: 'body.clientSecret', message: 'is required: the stored secret was encrypted with an SSO_SECRET_KEY this server does not have; enter it again' }]);
    }
    let discovered: client.Configuration;
    try {
      discovered = await this.clients.discover({ issuer: body.issuer, clientId: body.clientId, clientSecret });
    } catch (error) {
      throw invalidInput([{ path: 'body.issuer', message: `has no usable OpenID discovery document at ${discoveryUrl(body.issuer)}: ${describe(error)}` }]);
    }
    const metadata = discovered.serverMetadata();
    const problems: { path: string; message: string }[] = [];
    if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
      problems.push({ path: 'body.issuer', message: 'names a provider whose discovery document lacks an authorization, token or JWKS endpoint' });
    }
    if (metadata.response_types_supported && !metadata.response_types_supported.includes('code')) {
      problems.push({ path: 'body.issuer', message: 'names a provider that does not offer the authorization code flow' });
    }
    if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes('S256')) {
      problems.push({ path: 'body.issuer', message: 'names a provider that does not offer PKCE with S256' });
    }
    if (problems.length > 0) throw invalidInput(problems);
    await runOutsideCompany(() => repo.saveSsoConfig(this.db, companyId, {
      enabled: body.enabled,
      issuer: body.issuer,
      clientId: body.clientId,
      clientSecret: storedSecret,
      roleClaim: body.roleClaim,
      roleMapping: body.roleMapping,
      jitEnabled: body.jitEnabled,
      defaultRole: body.defaultRole,
      requireSso: body.requireSso,
      breakGlassEmail: body.breakGlassEmail,
      endSessionEndpoint: metadata.end_session_endpoint ?? null,
      updatedBy,
    }, body.emailDomains));
  }

  async removeConfig(companyId: string): Promise<boolean> {
    return runOutsideCompany(() => repo.deleteSsoConfig(this.db, companyId));
  }

  private async assertBreakGlassAdmin(companyId: string, email: string) {
    const [row] = await runOutsideCompany(() => repo.companyAdminByEmail(this.db, companyId, email));
    if (!row) {
      throw invalidInput([{ path: 'body.breakGlassEmail', message: `must be an enabled Company Admin of this company (${email} is not)` }]);
    }
  }

  /** The configuration as the API answers it, with the addresses to register (the CLI prints it). */
  answerFor(companyId: string, tenantIdentifier: string, location: RequestLocation): Promise<SsoConfigAnswer> {
    return this.answer(companyId, tenantIdentifier, location);
  }

  private async answer(companyId: string, tenantIdentifier: string, location: RequestLocation): Promise<SsoConfigAnswer> {
    const row = await runOutsideCompany(() => repo.findSsoConfig(this.db, companyId));
    const origin = await this.companyOrigin(tenantIdentifier, location);
    return {
      config: row ? toSsoConfig(row) : null,
      redirectUri: `${origin}${SSO_CALLBACK_PATH}`,
      backchannelLogoutUri: `${origin}${SSO_BACKCHANNEL_LOGOUT_PATH}`,
      postLogoutRedirectUri: this.postLogoutRedirectUri(),
    };
  }

  private async companyOrigin(tenantIdentifier: string, location: RequestLocation) {
    return tenantOrigin(tenantIdentifier, { protocol: `${location.protocol}:`, host: location.host }, await this.tenancy.settings());
  }

  private postLogoutRedirectUri() {
    return signOutDestination({ portalUrl: this.config.PORTAL_URL });
  }

  // --- signing in ---

  /** How this email signs in: through its domain's provider (with the URL to go to), or with a password. */
  async discover(email: string, returnTo: string | undefined, location: RequestLocation): Promise<SignInDiscoverResult> {
    const company = await runOutsideCompany(() => repo.findSsoByDomain(this.db, domainOf(email)));
    if (!company) return { method: 'PASSWORD' };
    const authorizationUrl = await this.start(company.companyId, company.tenantIdentifier, returnTo, location, email);
    return { method: 'SSO', authorizationUrl, companyName: company.companyName };
  }

  private async start(companyId: string, tenantIdentifier: string, returnTo: string | undefined, location: RequestLocation, loginHint: string): Promise<string> {
    const provider = await this.providerOf(companyId);
    const redirectUri = `${await this.companyOrigin(tenantIdentifier, location)}${SSO_CALLBACK_PATH}`;
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await runOutsideCompany(() => repo.insertSsoLogin(this.db, {
      stateHash: sha256(state),
      companyId,
      codeVerifier,
      nonce,
      redirectUri,
      returnTo: returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null,
      expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
    }));
    return client.buildAuthorizationUrl(provider.configuration, {
      redirect_uri: redirectUri,
      scope: SSO_SCOPES,
      response_type: 'code',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      login_hint: loginHint,
    }).href;
  }

  /**
   * The provider's answer at the callback. Returns where to send the browser: the portal's /login
   * with a one-time handoff code, or with the reason the sign-in was refused.
   */
  async callback(query: Record<string, string>, location: RequestLocation): Promise<string> {
    const state = query.state;
    const login = state ? await runOutsideCompany(() => repo.takeSsoLogin(this.db, sha256(state), new Date())) : undefined;
    if (!login) return this.loginPage(`${location.protocol}://${location.host}`, 'Your single sign-on has expired or was not started here. Please sign in again.');
    const origin = new URL(login.redirectUri).origin;
    try {
      const provider = await this.providerOf(login.companyId);
      const currentUrl = new URL(login.redirectUri);
      for (const [name, value] of Object.entries(query)) currentUrl.searchParams.set(name, value);
      const tokens = await client.authorizationCodeGrant(provider.configuration, currentUrl, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      let all: Record<string, unknown> = { ...claims };
      const roleClaim = provider.row.roleClaim;
      // Conforming providers may keep scope claims (email, profile) to the userinfo endpoint.
      if ((claims.email === undefined || (roleClaim && claims[roleClaim] === undefined)) && provider.configuration.serverMetadata().userinfo_endpoint) {
        all = { ...(await client.fetchUserInfo(provider.configuration, tokens.access_token, claims.sub)), ...all };
      }
      const identity: ExternalIdentity = {
        issuer: claims.iss,
        subject: claims.sub,
        email: stringClaim(all.email),
        emailVerified: typeof all.email_verified === 'boolean' ? all.email_verified : undefined,
        givenName: stringClaim(all.given_name) ?? stringClaim(all.name),
        familyName: stringClaim(all.family_name),
        roleValues: roleClaim ? claimValues(all[roleClaim]) : [],
      };
      const user = await resolveExternalUser(this.db, identity, {
        companyId: login.companyId,
        emailDomains: provider.row.emailDomains,
        roleMapping: provider.row.roleMapping,
        jitEnabled: provider.row.jitEnabled,
        defaultRole: provider.row.defaultRole as RoleName,
        breakGlassEmail: provider.row.breakGlassEmail,
      });
      await updateUser(this.db, user.id, { lastSignInAt: new Date() });
      const code = await this.handoff.issue(user.id, login.companyId, {
        issuer: claims.iss,
        subject: claims.sub,
        providerSid: typeof claims.sid === 'string' ? claims.sid : null,
        idToken: tokens.id_token!,
      });
      const search = new URLSearchParams({ handoff: code });
      if (login.returnTo) search.set('redirect', login.returnTo);
      return `${origin}/login?${search.toString()}`;
    } catch (error) {
      return this.loginPage(origin, refusalMessage(error));
    }
  }

  private loginPage(origin: string, message: string) {
    return `${origin}/login?${new URLSearchParams({ ssoError: message }).toString()}`;
  }

  private async providerOf(companyId: string) {
    const row = await runOutsideCompany(() => repo.findSsoConfig(this.db, companyId));
    if (!row || !row.enabled) throw refusal('Single sign-on is not set up for your company any more. Please sign in with your password.');
    const clientSecret = row.clientSecret === null ? null : openSecret(row.clientSecret, this.config.SSO_SECRET_KEY);
    const configuration = await this.clients.configurationFor(companyId, { issuer: row.issuer, clientId: row.clientId, clientSecret });
    return { row, configuration };
  }

  /** PasswordSignInGate: a company that requires single sign-on lets only its break-glass admin use a password. */
  async assertPasswordAllowed(email: string, companyId: string): Promise<void> {
    const row = await runOutsideCompany(() => repo.findSsoConfig(this.db, companyId));
    if (!row || !row.enabled || !row.requireSso || row.breakGlassEmail === email.toLowerCase()) return;
    throw refusal('Your company signs you in through its own identity provider: enter your email and choose Continue to go there.');
  }

  // --- signing out ---

  /** The provider's session behind one of ours, if a provider opened it. */
  async providerSessionOf(familyId: string) {
    return runOutsideCompany(() => repo.findSsoSession(this.db, familyId));
  }

  /** Where to send the browser to end the provider's session too (RP-initiated logout), or null. */
  async endSessionUrl(familyId: string): Promise<string | null> {
    const session = await this.providerSessionOf(familyId);
    if (!session) return null;
    try {
      const provider = await this.providerOf(session.companyId);
      if (!provider.configuration.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(provider.configuration, {
        id_token_hint: session.idToken,
        post_logout_redirect_uri: this.postLogoutRedirectUri(),
        client_id: provider.row.clientId,
      }).href;
    } catch {
      return null; // our own session ends regardless
    }
  }

  /**
   * OpenID Connect Back-Channel Logout 1.0: the provider posts a signed logout token when someone
   * signs out there; every session of ours that its session (sid) or subject opened is revoked.
   * Returns how many sessions ended.
   */
  async backchannelLogout(logoutToken: string, revoke: (familyId: string) => Promise<void>): Promise<number> {
    let unverified: JWTPayload;
    try {
      unverified = decodeJwt(logoutToken);
    } catch {
      throw invalidLogoutToken('is not a JWT');
    }
    const audiences = typeof unverified.aud === 'string' ? [unverified.aud] : unverified.aud ?? [];
    const candidates = await runOutsideCompany(() => repo.ssoConfigsOfIssuer(this.db, String(unverified.iss ?? '')));
    const row = candidates.find((candidate) => audiences.includes(candidate.clientId));
    if (!row) throw invalidLogoutToken('names no provider and client configured here');
    const provider = await this.providerOf(row.companyId);
    const jwksUri = provider.configuration.serverMetadata().jwks_uri!;
    let keySet = this.keySets.get(jwksUri);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(jwksUri));
      this.keySets.set(jwksUri, keySet);
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(logoutToken, keySet, { issuer: row.issuer, audience: row.clientId, maxTokenAge: '10 minutes', typ: undefined }));
    } catch (error) {
      throw invalidLogoutToken(`is not valid: ${describe(error)}`);
    }
    const events = payload.events as Record<string, unknown> | undefined;
    if (!events || typeof events !== 'object' || !(BACKCHANNEL_EVENT in events)) throw invalidLogoutToken('carries no back-channel logout event');
    if ('nonce' in payload) throw invalidLogoutToken('must not carry a nonce');
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    const sub = typeof payload.sub === 'string' ? payload.sub : undefined;
    if (!sid && !sub) throw invalidLogoutToken('names neither a session (sid) nor a subject (sub)');
    const sessions = await runOutsideCompany(() => repo.ssoSessionsOf(this.db, row.issuer, { sid, sub }));
    for (const session of sessions) await revoke(session.familyId);
    return sessions.length;
  }
}

function toSsoConfig(row: repo.SsoConfigRow): SsoConfig {
  return {
    enabled: row.enabled,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecret !== null,
    emailDomains: row.emailDomains,
    roleClaim: row.roleClaim,
    roleMapping: row.roleMapping as SsoConfig['roleMapping'],
    jitEnabled: row.jitEnabled,
    defaultRole: row.defaultRole as RoleName,
    requireSso: row.requireSso,
    breakGlassEmail: row.breakGlassEmail,
    endSessionSupported: row.endSessionEndpoint !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const stringClaim = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
const claimValues = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : typeof value === 'string' ? [value] : [];

const discoveryUrl = (issuer: string) => `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const invalidLogoutToken = (message: string) =>
  new AppError(400, 'InvalidLogoutToken', `The logout token ${message}.`, { errors: [{ path: 'body.logout_token', message }] });

/** What the person is told when the provider's answer is refused. */
function refusalMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof client.AuthorizationResponseError) {
    return `Your identity provider did not sign you in (${error.error}${error.error_description ? `: ${error.error_description}` : ''}).`;
  }
  // openid-client wraps oauth4webapi's error, which names the claim that failed (iss, aud, exp, nonce...).
  let innermost: unknown = error;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  return `Single sign-on failed: your identity provider's answer could not be verified (${describe(innermost)}). Please try again or ask your administrator.`;
}
