import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';
import { passwordPolicyViolations, describePasswordViolations, type PasswordPolicy, AUTH_ERROR_CODES } from '@clearlane/contract';
import { AppError } from '../http/errors.ts';

// OWASP's argon2id baseline (19 MiB, 2 passes): ~20 ms here, slow enough for offline guessing.
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id (a const enum the type checker cannot inline) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anyone knows, verified when the email is unknown so both paths take as long. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword(`decoy-${randomInt(1e9)}`));

export function assertPasswordPolicy(password: string, policy: PasswordPolicy, field = 'body.newPassword'): void {
  const problems = passwordPolicyViolations(password, policy);
  if (problems.length > 0) {
    const message = describePasswordViolations(problems);
    throw new AppError(400, AUTH_ERROR_CODES.InvalidPassword, message, { errors: [{ path: field, message }] });
  }
}

const ALPHABETS = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!@#$%&*?'];

/** A temporary password that satisfies any policy: every character class, 14 characters or the minimum. */
export function temporaryPassword(policy: PasswordPolicy): string {
  const length = Math.max(14, policy.minLength);
  const chars = ALPHABETS.map((alphabet) => alphabet[randomInt(alphabet.length)]!);
  const all = ALPHABETS.join('');
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
