// Recognising database errors that are the caller's doing, not ours. drizzle wraps the driver's
// error (pg or PGlite, both carrying the SQLSTATE in `code`) as its `cause`.
const UNIQUE_VIOLATION = '23505';

function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique key was taken, typically by a concurrent request doing the same thing. */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === UNIQUE_VIOLATION;

/**
 * Text the database cannot store: a NUL character (22021, "invalid byte sequence") or a character
 * the encoding lacks (22P05). JSON can carry both, so they are the caller's doing.
 */
export const isUnstorableText = (error: unknown) => ['22021', '22P05'].includes(sqlStateOf(error) ?? '');
