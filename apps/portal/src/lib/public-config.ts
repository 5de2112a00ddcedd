// Settings served for this host before anyone signs in; loaded once before the app renders.
import type { PublicConfig } from '@clearlane/contract/public-config';
import { request } from './http.ts';

let current: PublicConfig | undefined;

export async function loadPublicConfig(): Promise<PublicConfig> {
  current = await request<PublicConfig>('/api/v1/public/config', { anonymous: true });
  return current;
}

export function publicConfig(): PublicConfig {
  if (!current) throw new Error('loadPublicConfig() has not finished');
  return current;
}

/** Who signs people in: the embedded provider unless the server says a cloud user pool (issue 14). */
export function authProvider(): 'embedded' | 'cognito' {
  return current?.auth?.provider ?? 'embedded';
}

/** For tests and stories. */
export function setPublicConfig(value: PublicConfig) {
  current = value;
}
