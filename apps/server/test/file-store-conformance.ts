// What every FileStore promises (src/storage/file-store.ts), as one suite each store runs:
//   describeFileStore('S3-compatible store', () => new S3FileStore(...));
// Sources are random bytes in uneven chunks, so no store can pass by matching chunk sizes, part
// sizes or a repeating pattern; every read-back is compared by SHA-256 and length.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileStore, StoredFile } from '../src/storage/file-store.ts';

export const MiB = 1024 * 1024;

export interface GeneratedSource {
  stream: Readable;
  /** SHA-256 (hex) of the bytes the stream has produced so far: all of them once it has ended. */
  sha256(): string;
}

/**
 * A byte stream of `totalBytes` random bytes in chunks of 1 B to 256 KiB. With `failAfterBytes`, it
 * fails (as a bundle whose build breaks) once that many bytes have been read.
 */
export function generatedSource(totalBytes: number, options: { failAfterBytes?: number } = {}): GeneratedSource {
  const hash = createHash('sha256');
  let produced = 0;
  const stream = new Readable({
    read() {
      if (options.failAfterBytes !== undefined && produced >= options.failAfterBytes) {
        setImmediate(() => this.destroy(new Error('the source failed part way')));
        return;
      }
      if (produced >= totalBytes) {
        this.push(null);
        return;
      }
      const chunk = randomBytes(Math.min(totalBytes - produced, 1 + randomInt(256 * 1024)));
      hash.update(chunk);
      produced += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.copy().digest('hex') };
}

/** Reads a stored file to its end: its length and SHA-256. */
export async function digestOf(file: StoredFile): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of file.body) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

export const uniqueKey = (name = 'bundle.zip') => `conformance/${randomUUID()}/${name}`;

/** The FileStore contract, as a vitest `describe` block; `makeStore` runs once, before the tests. */
export function describeFileStore(name: string, makeStore: () => FileStore | Promise<FileStore>) {
  describe(`${name} (FileStore contract)`, () => {
    let store: FileStore;
    beforeAll(async () => {
      store = await makeStore();
    });

    async function storedDigest(key: string) {
      const file = await store.get(key);
      expect(file, `a file under ${key}`).not.toBeNull();
      return { size: file!.size, contentType: file!.contentType, ...(await digestOf(file!)) };
    }

    it('stores a multi-megabyte stream of unknown length and gives back the same bytes, size and type', async () => {
      const totalBytes = 12 * MiB + 4_321; // more than two 5 MiB parts, and not a multiple of any part size
      const source = generatedSource(totalBytes);
      const key = uniqueKey();
      await expect(store.put(key, source.stream, 'application/zip')).resolves.toEqual({ size: totalBytes });
      expect(await storedDigest(key)).toEqual({ size: totalBytes, contentType: 'application/zip', bytes: totalBytes, sha256: source.sha256() });
    });

    it('stores a small file and an empty one', async () => {
      const small = generatedSource(1_000);
      const smallKey = uniqueKey('report.pdf');
      await expect(store.put(smallKey, small.stream, 'application/pdf')).resolves.toEqual({ size: 1_000 });
      expect(await storedDigest(smallKey)).toEqual({ size: 1_000, contentType: 'application/pdf', bytes: 1_000, sha256: small.sha256() });

      const emptyKey = uniqueKey('empty.txt');
      await expect(store.put(emptyKey, Readable.from([]), 'text/plain')).resolves.toEqual({ size: 0 });
      expect(await storedDigest(emptyKey)).toEqual({ size: 0, contentType: 'text/plain', bytes: 0, sha256: createHash('sha256').digest('hex') });
    });

    it('keeps files stored at the same time apart', async () => {
      const sources = [generatedSource(6 * MiB + 1), generatedSource(3 * MiB), generatedSource(7)];
      const keys = sources.map(() => uniqueKey());
      await Promise.all(sources.map((source, index) => store.put(keys[index]!, source.stream, 'application/octet-stream')));
      for (const [index, key] of keys.entries()) {
        expect((await storedDigest(key)).sha256).toBe(sources[index]!.sha256());
      }
    });

    it('answers null for a key that holds nothing', async () => {
      expect(await store.get(uniqueKey())).toBeNull();
    });

    it('deletes a file; deleting it again, or a key that never held one, is not an error', async () => {
      const key = uniqueKey();
      await store.put(key, generatedSource(2_048).stream, 'application/zip');
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
      await expect(store.delete(uniqueKey())).resolves.toBeUndefined();
    });

    it('leaves nothing under the key when the stream fails, early or after several megabytes', async () => {
      for (const failAfterBytes of [0, 100_000, 7 * MiB]) {
        const key = uniqueKey();
        await expect(store.put(key, generatedSource(12 * MiB, { failAfterBytes }).stream, 'application/zip')).rejects.toThrow();
        expect(await store.get(key), `after a failure at byte ${failAfterBytes}`).toBeNull();
      }
    });
  });
}
