// Reads a zip back the way an unzip tool does: from the end of central directory record, through the
// ZIP64 locator and record when there are, to the central directory, and from each directory entry
// to its local header and bytes (stored or deflated); checks each entry's sizes and CRC-32.
import { crc32, inflateRawSync } from 'node:zlib';

export interface ReadZipEntry {
  name: string;
  data: Buffer;
  /** 0 stored, 8 deflated. */
  method: number;
  /** The ZIP64 extra field gave the entry's offset (it starts past 4 GiB). */
  zip64Offset: boolean;
}

export interface ReadZip {
  entries: ReadZipEntry[];
  /** The ZIP64 end of central directory record and its locator are there. */
  zip64: boolean;
  /** The classic end record's entry count (0xFFFF when the ZIP64 record holds the real one). */
  classicCount: number;
}

const END = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function fail(message: string): never {
  throw new Error(`zip: ${message}`);
}

export function readZip(zip: Buffer): ReadZip {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0 || zip.readUInt32LE(endAt) !== END) fail('no end of central directory record');
  const classicCount = zip.readUInt16LE(endAt + 10);
  let count = classicCount;
  let directorySize = zip.readUInt32LE(endAt + 12);
  let directoryOffset = zip.readUInt32LE(endAt + 16);
  const locatorAt = endAt - 20;
  const zip64 = locatorAt >= 0 && zip.readUInt32LE(locatorAt) === ZIP64_LOCATOR;
  if (zip64) {
    const recordAt = Number(zip.readBigUInt64LE(locatorAt + 8));
    if (zip.readUInt32LE(recordAt) !== ZIP64_END) fail('the ZIP64 locator does not point at the ZIP64 record');
    if (recordAt + 56 !== locatorAt) fail('the ZIP64 record is not right before its locator');
    count = Number(zip.readBigUInt64LE(recordAt + 32));
    if (Number(zip.readBigUInt64LE(recordAt + 24)) !== count) fail('ZIP64 counts disagree');
    directorySize = Number(zip.readBigUInt64LE(recordAt + 40));
    directoryOffset = Number(zip.readBigUInt64LE(recordAt + 48));
    if (directoryOffset + directorySize !== recordAt) fail('the central directory does not end at the ZIP64 record');
  } else if (directoryOffset + directorySize !== endAt) {
    fail('the central directory does not end at the end record');
  }

  const entries: ReadZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== CENTRAL) fail(`directory entry ${index} has no signature`);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    let zip64Offset = false;
    if (offset === 0xffffffff) {
      const extraAt = at + 46 + nameLength;
      if (zip.readUInt16LE(extraAt) !== 0x0001) fail(`${name}: offset 0xFFFFFFFF without a ZIP64 extra field`);
      offset = Number(zip.readBigUInt64LE(extraAt + 4));
      zip64Offset = true;
    }
    const method = zip.readUInt16LE(at + 10);
    if (method !== 0 && method !== 8) fail(`${name}: method ${method} is neither stored nor deflated`);
    if (zip.readUInt32LE(offset) !== LOCAL) fail(`${name}: no local header at ${offset}`);
    const localNameLength = zip.readUInt16LE(offset + 26);
    if (zip.toString('utf8', offset + 30, offset + 30 + localNameLength) !== name) fail(`${name}: the local header names another file`);
    const local = [zip.readUInt16LE(offset + 8), zip.readUInt32LE(offset + 14), zip.readUInt32LE(offset + 18), zip.readUInt32LE(offset + 22)];
    if (local.join() !== [method, crc, compressedSize, size].join()) fail(`${name}: local header and directory disagree`);
    const dataAt = offset + 30 + localNameLength + zip.readUInt16LE(offset + 28);
    const stored = zip.subarray(dataAt, dataAt + compressedSize);
    const data = method === 8 ? inflateRawSync(stored) : stored;
    if (data.length !== size) fail(`${name}: ${data.length} bytes, the directory says ${size}`);
    if (crc32(data) !== crc) fail(`${name}: CRC-32 does not match its bytes`);
    entries.push({ name, data, method, zip64Offset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== directoryOffset + directorySize) fail('the central directory is not the size its end record says');
  return { entries, zip64, classicCount };
}
