// Text PostgreSQL cannot store faithfully. JSON can carry both, so they are the caller's doing:
// - a NUL character is refused by text columns and by jsonb alike;
// - half of a character pair (a lone UTF-16 surrogate such as \ud800) is refused by jsonb and is
//   silently replaced by U+FFFD in text columns, so what is saved would differ from what was sent.
// The server refuses both in every request (apps/server/src/http/storable-text.ts), naming the field;
// a form may use the same check to say so before sending.

const NUL = '\u0000';
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NUL_CHARACTER_MESSAGE = 'holds a NUL character, which cannot be stored; remove it';
export const LONE_SURROGATE_MESSAGE = 'holds half of a character pair (a lone surrogate such as \\ud800), which cannot be stored; type the character again';

/** Why a text cannot be stored as sent, or undefined when it can. */
export function unstorableTextProblem(text: string): string | undefined {
  if (text.includes(NUL)) return NUL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

/** The text with its unstorable characters written as escapes (\u0000, \ud800), safe to show and to store. */
export const escapeUnstorableText = (text: string) =>
  text.replace(new RegExp(`${NUL}|${LONE_SURROGATE.source}`, 'g'), (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
