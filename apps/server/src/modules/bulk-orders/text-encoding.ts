// What encoding an uploaded CSV is in. Excel on Windows saves "CSV" in the Windows-1252 code page,
// without a byte order mark; "CSV UTF-8" and most other tools write UTF-8, with or without one.
// UTF-8 is strict enough that Windows-1252 text with any accented letter, curly quote or € in it is
// almost never valid UTF-8, so: valid UTF-8 is UTF-8, anything else is Windows-1252.

/**
 * Windows-1252 differs from ISO-8859-1 only in 0x80–0x9F, where it has printable characters (€,
 * curly quotes, dashes, Š, Ÿ …) instead of control codes. Node 20's TextDecoder('windows-1252')
 * decodes that range as ISO-8859-1 does (control codes: "O'Brien" with a curly apostrophe came out
 * as "O\u0092Brien"), so the range is mapped here. The five bytes Windows-1252 leaves undefined
 * (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay what the WHATWG Encoding Standard makes them, the same code point.
 */
const WINDOWS_1252_HIGH: Record<number, string> = {
  0x80: '\u20ac', 0x82: '\u201a', 0x83: '\u0192', 0x84: '\u201e', 0x85: '\u2026', 0x86: '\u2020', 0x87: '\u2021',
  0x88: '\u02c6', 0x89: '\u2030', 0x8a: '\u0160', 0x8b: '\u2039', 0x8c: '\u0152', 0x8e: '\u017d',
  0x91: '\u2018', 0x92: '\u2019', 0x93: '\u201c', 0x94: '\u201d', 0x95: '\u2022', 0x96: '\u2013', 0x97: '\u2014',
  0x98: '\u02dc', 0x99: '\u2122', 0x9a: '\u0161', 0x9b: '\u203a', 0x9c: '\u0153', 0x9e: '\u017e', 0x9f: '\u0178',
};

export function decodeWindows1252(bytes: Uint8Array): string {
  // latin1 maps every byte to the code point of the same number; then the 0x80–0x9F range is fixed.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').replace(/[\u0080-\u009f]/g, (character) => WINDOWS_1252_HIGH[character.charCodeAt(0)] ?? character);
}

/** The text of a CSV file: UTF-8 (its byte order mark dropped) when it is valid UTF-8, Windows-1252 otherwise. */
export function decodeSheetText(file: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return decodeWindows1252(file);
  }
}
