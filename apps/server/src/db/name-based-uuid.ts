// Ids that are the same wherever they are computed: a job run per company, day and batch; a cloud
// user pool's sign-in per `origin_jti`. Deriving them from a name makes a repeated step idempotent
// across processes without asking the database first.
import { createHash } from 'node:crypto';

/** The SHA-256 of the name, shaped as an RFC 9562 version-8 (custom) UUID with the RFC variant bits. */
export function uuidFromName(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
