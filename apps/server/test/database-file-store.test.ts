// The database file store (storage/database-file-store.ts): a file streamed in comes back byte for
// byte in chunks, is readable only once complete, and a put that fails leaves nothing behind.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileChunks, storedFiles } from '../src/db/schema.ts';
import { DatabaseFileStore } from '../src/storage/database-file-store.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from './helpers.ts';

/** Small chunks, so a file of a few hundred kilobytes spans many rows and a chunk boundary is crossed inside writes. */
const CHUNK = 64 * 1024;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The bytes as a stream of uneven pieces (as a zip or PDF writer hands them out). */
function unevenStream(data: Buffer, failAfterBytes?: number): Readable {
  return Readable.from((async function* pieces() {
    let offset = 0;
    for (let i = 0; offset < data.length; i++) {
      if (failAfterBytes !== undefined && offset >= failAfterBytes) throw new Error('the bundle writer failed');
      const length = [1, 7_001, 65_536, 100_000, 3][i % 5]!;
      yield data.subarray(offset, offset + length);
      offset += length;
    }
  })());
}

for (const kind of databaseKinds()) {
  describe(`database file store [${kind}]`, () => {
    let database: TestDatabase;
    let store: DatabaseFileStore;
    const rowsOf = async (key: string) => ({
      files: Number((await database.db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.key, key)))[0]!.n),
      chunks: Number((await database.db.select({ n: count() }).from(storedFileChunks).where(eq(storedFileChunks.key, key)))[0]!.n),
    });

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      store = new DatabaseFileStore(database.db, CHUNK);
    });
    afterAll(() => database?.close());

    it('stores a stream in chunks and gives the same bytes back, streamed', async () => {
      const data = randomBytes(5 * CHUNK + 12_345);
      const { size } = await store.put('bundles/a.zip', unevenStream(data), 'application/zip');
      expect(size).toBe(data.length);
      expect(await rowsOf('bundles/a.zip')).toEqual({ files: 1, chunks: 6 });

      const file = await store.get('bundles/a.zip');
      expect(file).toMatchObject({ size: data.length, contentType: 'application/zip' });
      const back = await readAll(file!.body);
      expect(back.length).toBe(data.length);
      expect(sha256(back)).toBe(sha256(data));
    });

    it('stores an empty file', async () => {
      expect(await store.put('bundles/empty.txt', Readable.from([]), 'text/plain')).toEqual({ size: 0 });
      expect((await readAll((await store.get('bundles/empty.txt'))!.body)).length).toBe(0);
    });

    it('leaves nothing when the stream fails part way, and the key can be written again', async () => {
      const data = randomBytes(4 * CHUNK);
      await expect(store.put('bundles/broken.pdf', unevenStream(data, 2 * CHUNK), 'application/pdf')).rejects.toThrow('the bundle writer failed');
      expect(await rowsOf('bundles/broken.pdf')).toEqual({ files: 0, chunks: 0 });
      expect(await store.get('bundles/broken.pdf')).toBeNull();
    });

    it('does not serve a file whose writing has not finished (a crashed writer), and deletes it by its key', async () => {
      await database.db.insert(storedFiles).values({ key: 'bundles/half.pdf', contentType: 'application/pdf' });
      await database.db.insert(storedFileChunks).values({ key: 'bundles/half.pdf', seq: 0, data: randomBytes(100) });
      expect(await store.get('bundles/half.pdf')).toBeNull();
      await store.delete('bundles/half.pdf');
      expect(await rowsOf('bundles/half.pdf')).toEqual({ files: 0, chunks: 0 });
    });

    it('answers null for a key that holds nothing, and deleting it is not an error', async () => {
      expect(await store.get('bundles/none.zip')).toBeNull();
      await expect(store.delete('bundles/none.zip')).resolves.toBeUndefined();
      await store.delete('bundles/a.zip');
      expect(await store.get('bundles/a.zip')).toBeNull();
      expect(await rowsOf('bundles/a.zip')).toEqual({ files: 0, chunks: 0 });
    });
  });
}
