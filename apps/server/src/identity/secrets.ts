// Random handles, one-time codes and their hashes. Handles and codes are stored only as SHA-256
// hashes: a leaked table does not let anyone finish a sign-in or reset a password.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const randomHandle = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function sameHash(candidate: string, storedHash: string): boolean {
  const a = Buffer.from(sha256(candidate));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Masks an address for "we sent a code to …" without revealing it whole. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
export function maskPhone(phone: string): string {
  return `+${'*'.repeat(Math.max(0, phone.length - 5))}${phone.slice(-4)}`;
}
