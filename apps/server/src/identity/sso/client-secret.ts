// Companies' OIDC client secrets at rest: AES-256-GCM under SSO_SECRET_KEY when it is set ("v1:"
// prefix: iv, tag and ciphertext in base64url), else as given. The API never answers a secret.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';

export function sealSecret(secret: string, keyBase64: string | undefined): string {
  if (!keyBase64) return secret;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyBase64, 'base64'), iv);
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${PREFIX}${[iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url')).join('.')}`;
}

export class SecretKeyMissingError extends Error {
  constructor() {
    super('A single sign-on client secret is stored encrypted, but SSO_SECRET_KEY is not set (or is not the key it was sealed with).');
  }
}

export function openSecret(stored: string, keyBase64: string | undefined): string {
  if (!stored.startsWith(PREFIX)) return stored;
  if (!keyBase64) throw new SecretKeyMissingError();
  const [iv, tag, encrypted] = stored.slice(PREFIX.length).split('.').map((part) => Buffer.from(part, 'base64url'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyBase64, 'base64'), iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(encrypted!), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyMissingError();
  }
}
