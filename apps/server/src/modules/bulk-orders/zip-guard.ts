// An XLSX is a zip, and a few hundred kilobytes of zip can inflate to gigabytes (a zip bomb).
// exceljs (through JSZip) inflates every entry whole, so before it sees the file we read the zip's
// central directory ourselves and add up what the entries say they unpack to; then we inflate each
// entry with a hard output cap of the size it declared, so an entry that lies about its size is
// caught too, without ever holding more than the limit in memory.
import { inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535 bytes. */
const MAX_END_RECORD_SEARCH = 22 + 0xffff;
/** ZIP64 marks its sizes and counts with all ones; no sheet within our limits needs ZIP64. */
const ZIP64_MARKER_32 = 0xffffffff;
const ZIP64_MARKER_16 = 0xffff;
const STORED = 0;
const DEFLATED = 8;

/** An entry of a checked zip, unpacked. */
export interface UnpackedEntry {
  name: string;
  data: Buffer;
}

export type ZipCheck =
  /** `files` are the entries as the guard unpacked them: readers take these, not the zip's own headers. */
  | { ok: true; unpackedBytes: number; entries: number; files: UnpackedEntry[] }
  | { ok: false; reason: 'not-a-zip'; message: string }
  | { ok: false; reason: 'too-large'; unpackedBytes: number };

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const notAZip = (message: string): ZipCheck => ({ ok: false, reason: 'not-a-zip', message });

function findEndRecord(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - MAX_END_RECORD_SEARCH);
  for (let offset = zip.length - 22; offset >= lowest; offset--) {
    if (zip.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return -1;
}

function readCentralDirectory(zip: Buffer): Entry[] | string {
  if (zip.length < 22) return 'the file is too short to be a zip';
  const end = findEndRecord(zip);
  if (end < 0) return 'it has no zip central directory';
  const entryCount = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (entryCount === ZIP64_MARKER_16 || directoryOffset === ZIP64_MARKER_32 || directorySize === ZIP64_MARKER_32) return 'ZIP64 archives are not accepted';
  if (directoryOffset + directorySize > end) return 'its central directory is damaged';
  const entries: Entry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (offset + 46 > end || zip.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY) return 'its central directory is damaged';
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const uncompressedSize = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeaderOffset = zip.readUInt32LE(offset + 42);
    if (compressedSize === ZIP64_MARKER_32 || uncompressedSize === ZIP64_MARKER_32 || localHeaderOffset === ZIP64_MARKER_32) return 'ZIP64 archives are not accepted';
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates one entry, refusing to produce more than it declared: its data, or what is wrong. */
function inflateWithinDeclaredSize(zip: Buffer, entry: Entry): Buffer | 'over' | string {
  const header = entry.localHeaderOffset;
  if (header + 30 > zip.length || zip.readUInt32LE(header) !== LOCAL_FILE_HEADER) return `entry ${entry.name} is damaged`;
  const dataStart = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  const data = zip.subarray(dataStart, dataStart + entry.compressedSize);
  if (data.length !== entry.compressedSize) return `entry ${entry.name} is cut short`;
  if (entry.method === STORED) return entry.compressedSize === entry.uncompressedSize ? data : `entry ${entry.name} is damaged`;
  if (entry.method !== DEFLATED) return `entry ${entry.name} uses a compression method a spreadsheet does not`;
  try {
    // One byte more than declared: reaching it proves the entry unpacks to more than it said.
    const inflated = inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 });
    if (inflated.length > entry.uncompressedSize) return 'over';
    return inflated.length === entry.uncompressedSize ? inflated : `entry ${entry.name} is damaged`;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'over';
    return `entry ${entry.name} cannot be unpacked`;
  }
}

/** Checks a zip against an unpacked-size limit without inflating more than the limit allows. */
export function checkZip(zip: Buffer, maxUnpackedBytes: number): ZipCheck {
  const entries = readCentralDirectory(zip);
  if (typeof entries === 'string') return notAZip(entries);
  const unpackedBytes = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpackedBytes > maxUnpackedBytes) return { ok: false, reason: 'too-large', unpackedBytes };
  const files: UnpackedEntry[] = [];
  for (const entry of entries) {
    const verdict = inflateWithinDeclaredSize(zip, entry);
    // An entry that unpacks to more than its directory entry says is a bomb in disguise.
    if (verdict === 'over') return { ok: false, reason: 'too-large', unpackedBytes: Math.max(unpackedBytes, maxUnpackedBytes + 1) };
    if (typeof verdict === 'string') return notAZip(verdict);
    files.push({ name: entry.name, data: verdict });
  }
  return { ok: true, unpackedBytes, entries: entries.length, files };
}
