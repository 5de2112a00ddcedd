// SPEC.md §5's rules for the cloud sign-in configuration, as the portal checks what the server
// serves in publicConfig().auth (the server validates the same settings at start-up). Pure: every
// rule is a function of its input, so each is unit tested alone.
//  - both pool ids (user pool and app client), otherwise 'Auth UserPool not configured';
//  - the user pool id contains an underscore, the identity pool id a colon;
//  - the authorization-code flow only (an implicit grant cannot refresh tokens);
//  - a refreshable session needs a refresh token; device metadata needs its three parts.
// Cookie sameSite (lax/strict/none, none only with secure) is CookieStorage's own check, and
// retry maxAttempts ≥ 1 retry.ts's validateRetryConfig.
import type { AuthPublicConfig, CognitoPublicConfig } from '@clearlane/contract/public-config';
import { AuthError, authException, configError } from './auth-errors.ts';

/** Every problem of the configuration at once (empty: usable). */
export function cognitoConfigProblems(config: Partial<CognitoPublicConfig> | null | undefined): AuthError[] {
  if (!config) return [configError('AuthTokenConfigException')];
  const problems: AuthError[] = [];
  if (!config.userPoolId || !config.userPoolClientId) problems.push(configError('AuthUserPoolException'));
  else if (!config.userPoolId.includes('_')) problems.push(configError('InvalidUserPoolId'));
  if (config.identityPoolId !== null && config.identityPoolId !== undefined && !config.identityPoolId.includes(':')) problems.push(configError('InvalidIdentityPoolIdException'));
  if (config.oauth && (config.oauth.responseType as string) !== 'code') problems.push(configError('UnsupportedOAuthResponseType'));
  return problems;
}

/** The cognito configuration, or the first of its problems thrown. */
export function assertCognitoConfig(auth: AuthPublicConfig | null | undefined): CognitoPublicConfig {
  if (!auth) throw configError('AuthTokenConfigException');
  if (auth.provider !== 'cognito') throw configError('AuthUserPoolException');
  const [problem] = cognitoConfigProblems(auth);
  if (problem) throw problem;
  return auth;
}

/** Identity-pool credentials need an identity pool id (with its colon). */
export function assertIdentityPoolConfig(config: CognitoPublicConfig): string {
  if (!config.identityPoolId) throw configError('AuthUserPoolAndIdentityPoolException');
  if (!config.identityPoolId.includes(':')) throw configError('InvalidIdentityPoolIdException');
  return config.identityPoolId;
}

/** The hosted domain's OAuth flow needs a domain, scopes, and the code response type. */
export function assertOAuthConfig(config: CognitoPublicConfig): CognitoPublicConfig['oauth'] {
  const oauth = config.oauth as Partial<CognitoPublicConfig['oauth']> | undefined;
  if (!oauth?.domain || !oauth.scopes?.length) throw configError('OAuthNotConfigureException');
  if ((oauth.responseType as string) !== 'code') throw configError('UnsupportedOAuthResponseType');
  return config.oauth;
}

/** SPEC.md §5: a stored session needs a refresh token to be refreshable. */
export function assertRefreshable<T extends { accessToken?: string; refreshToken?: string }>(tokens: T | null | undefined): T & { refreshToken: string } {
  if (!tokens?.accessToken || !tokens.refreshToken) throw authException('InvalidAuthTokens');
  return tokens as T & { refreshToken: string };
}

export interface DeviceMetadata {
  deviceKey: string;
  deviceGroupKey: string;
  randomPassword: string;
}

/** SPEC.md §5: device metadata needs the device key, device group key and random password. */
export function assertDeviceMetadata(metadata: Partial<DeviceMetadata> | null | undefined): DeviceMetadata {
  if (!metadata?.deviceKey || !metadata.deviceGroupKey || !metadata.randomPassword) throw authException('DeviceMetadataNotFoundException');
  return metadata as DeviceMetadata;
}
