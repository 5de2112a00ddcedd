// The repo's zip writer, in two ways over the same records:
//  - storedZip: a small zip in memory, entries stored (not compressed). The workbook reader reads a zip front to back by its local
//    headers, while the zip-bomb guard (bulk-orders/zip-guard.ts) checked the central directory and
//    unpacked every entry itself: the reader is given a zip rebuilt from what the guard unpacked, in
//    the order the reader needs, so it never reads a header the guard did not vouch for.
//  - StreamedZip: a zip of any size written entry by entry into a stream (report bundles), holding
//    only the central directory's few bytes per entry. Each entry is deflated when that makes it
//    smaller (a report PDF by about a quarter: its page streams are compressed, its object
//    dictionaries and cross-reference table are not), stored otherwise. It is always a ZIP64 archive (APPNOTE 6.3.x
//    §4.3.14-4.3.16: the ZIP64 end of central directory record and its locator), so more than 65,535
//    entries and more than 4 GiB read back everywhere; an entry that starts past 4 GiB carries its
//    offset in a ZIP64 extra field.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';

const LOCAL_FILE_HEADER = 0x04034b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY_LOCATOR = 0x07064b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_EXTRA_FIELD = 0x0001;
const VERSION_STORED = 10; // 1.0: stored entries, no extensions
const VERSION_DEFLATED = 20; // 2.0: deflated entries
const STORED = 0;
const DEFLATED = 8;
const VERSION_ZIP64 = 45; // 4.5: ZIP64 records
const UTF8_NAMES = 0x0800;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
const DOS_EPOCH = new Date(Date.UTC(1980, 0, 1));

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** What the central directory keeps of an entry once its bytes are written. */
interface EntryRecord {
  name: Buffer;
  crc: number;
  method: typeof STORED | typeof DEFLATED;
  /** Bytes in the zip (compressed size) and of the file (uncompressed size). */
  storedSize: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time (the zip headers' format; UTC, two-second steps, from 1980). */
function dosDateTime(at: Date) {
  const when = at < DOS_EPOCH ? DOS_EPOCH : at;
  return {
    date: ((when.getUTCFullYear() - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
    time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | Math.floor(when.getUTCSeconds() / 2),
  };
}

/** The entry's record and the bytes that go into the zip: deflated when `deflate` and smaller so. */
function packEntry(entry: ZipEntry, offset: number, deflate: boolean): { record: EntryRecord; bytes: Buffer } {
  // An entry is one Buffer, so under 4 GiB: its sizes always fit the 32-bit fields.
  if (entry.data.length >= MAX_32) throw new RangeError(`zip entry ${entry.name} is 4 GiB or more`);
  const deflated = deflate ? deflateRawSync(entry.data) : null;
  const bytes = deflated && deflated.length < entry.data.length ? deflated : entry.data;
  const method = bytes === entry.data ? STORED : DEFLATED;
  return { record: { name: Buffer.from(entry.name, 'utf8'), crc: crc32(entry.data), method, storedSize: bytes.length, size: entry.data.length, offset }, bytes };
}

const versionOf = (record: EntryRecord) => (record.method === DEFLATED ? VERSION_DEFLATED : VERSION_STORED);

function localHeader(record: EntryRecord, modified: { date: number; time: number }): Buffer {
  const header = Buffer.alloc(30 + record.name.length);
  header.writeUInt32LE(LOCAL_FILE_HEADER, 0);
  header.writeUInt16LE(versionOf(record), 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(record.method, 8);
  header.writeUInt16LE(modified.time, 10);
  header.writeUInt16LE(modified.date, 12);
  header.writeUInt32LE(record.crc, 14);
  header.writeUInt32LE(record.storedSize, 18);
  header.writeUInt32LE(record.size, 22);
  header.writeUInt16LE(record.name.length, 26);
  record.name.copy(header, 30);
  return header;
}

function centralDirectoryEntry(record: EntryRecord, modified: { date: number; time: number }): Buffer {
  const offsetTooLarge = record.offset >= MAX_32;
  const extraLength = offsetTooLarge ? 12 : 0;
  const entry = Buffer.alloc(46 + record.name.length + extraLength);
  const version = offsetTooLarge ? VERSION_ZIP64 : versionOf(record);
  entry.writeUInt32LE(CENTRAL_DIRECTORY_ENTRY, 0);
  entry.writeUInt16LE(version, 4);
  entry.writeUInt16LE(version, 6);
  entry.writeUInt16LE(UTF8_NAMES, 8);
  entry.writeUInt16LE(record.method, 10);
  entry.writeUInt16LE(modified.time, 12);
  entry.writeUInt16LE(modified.date, 14);
  entry.writeUInt32LE(record.crc, 16);
  entry.writeUInt32LE(record.storedSize, 20);
  entry.writeUInt32LE(record.size, 24);
  entry.writeUInt16LE(record.name.length, 28);
  entry.writeUInt16LE(extraLength, 30);
  entry.writeUInt32LE(offsetTooLarge ? MAX_32 : record.offset, 42);
  record.name.copy(entry, 46);
  if (offsetTooLarge) {
    // The ZIP64 extended information holds only the fields set to 0xFFFFFFFF above: the offset.
    const extra = 46 + record.name.length;
    entry.writeUInt16LE(ZIP64_EXTRA_FIELD, extra);
    entry.writeUInt16LE(8, extra + 2);
    entry.writeBigUInt64LE(BigInt(record.offset), extra + 4);
  }
  return entry;
}

/**
 * The records after the central directory. With `zip64` (or when a count, size or offset does not
 * fit the classic record) the ZIP64 record and its locator come first and the classic record's
 * fields that do not fit read 0xFFFF / 0xFFFFFFFF, as APPNOTE §4.4.1.4 has it.
 */
function endOfArchive(count: number, directoryOffset: number, directorySize: number, zip64: boolean): Buffer {
  const needsZip64 = zip64 || count >= MAX_16 || directoryOffset >= MAX_32 || directorySize >= MAX_32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(Math.min(count, MAX_16), 8);
  end.writeUInt16LE(Math.min(count, MAX_16), 10);
  end.writeUInt32LE(Math.min(directorySize, MAX_32), 12);
  end.writeUInt32LE(Math.min(directoryOffset, MAX_32), 16);
  if (!needsZip64) return end;

  const record = Buffer.alloc(56);
  record.writeUInt32LE(ZIP64_END_OF_CENTRAL_DIRECTORY, 0);
  record.writeBigUInt64LE(BigInt(record.length - 12), 4); // size of the rest of the record
  record.writeUInt16LE(VERSION_ZIP64, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24); // entries on this disk
  record.writeBigUInt64LE(BigInt(count), 32); // entries in all
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(ZIP64_END_OF_CENTRAL_DIRECTORY_LOCATOR, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16); // disks in all
  return Buffer.concat([record, locator, end]);
}

/** A small zip in memory, dated 1980-01-01, with ZIP64 records only when it needs them. */
export function storedZip(entries: readonly ZipEntry[]): Buffer {
  const modified = dosDateTime(DOS_EPOCH);
  const parts: Buffer[] = [];
  const records: EntryRecord[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { record, bytes } = packEntry(entry, offset, false);
    const header = localHeader(record, modified);
    parts.push(header, bytes);
    records.push(record);
    offset += header.length + bytes.length;
  }
  const directory = records.map((record) => centralDirectoryEntry(record, modified));
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  return Buffer.concat([...parts, ...directory, endOfArchive(records.length, offset, directorySize, false)]);
}

/** Writes `chunk` and waits while `out` asks to (backpressure), so a slow reader bounds the memory. */
export async function writeChunk(out: Writable, chunk: Buffer | string): Promise<void> {
  if (out.errored) throw out.errored;
  out.write(chunk);
  await drained(out);
}

/** Resolves once `out` has room again (at once when it has). */
export async function drained(out: Writable): Promise<void> {
  if (out.errored) throw out.errored;
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** Ends `out` and resolves once everything written is flushed. */
export function endStream(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** A zip written into a stream entry by entry; `finish` writes the central directory and ends the stream. */
export class StreamedZip {
  private readonly records: EntryRecord[] = [];
  private readonly modified: { date: number; time: number };
  private offset = 0;

  constructor(private readonly out: Writable, modified: Date) {
    this.modified = dosDateTime(modified);
  }

  get entryCount() {
    return this.records.length;
  }

  async add(entry: ZipEntry): Promise<void> {
    const { record, bytes } = packEntry(entry, this.offset, true);
    const header = localHeader(record, this.modified);
    this.records.push(record);
    this.offset += header.length + bytes.length;
    this.out.write(header);
    await writeChunk(this.out, bytes);
  }

  async finish(): Promise<void> {
    const directoryOffset = this.offset;
    let directorySize = 0;
    for (const record of this.records) {
      const entry = centralDirectoryEntry(record, this.modified);
      directorySize += entry.length;
      await writeChunk(this.out, entry);
    }
    await writeChunk(this.out, endOfArchive(this.records.length, directoryOffset, directorySize, true));
    await endStream(this.out);
  }
}
