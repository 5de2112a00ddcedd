// The default file store: files in the database itself (stored_files, stored_file_chunks), so
// every server process reads what any other wrote and there is nothing more to run or back up.
// A file is streamed in and out in chunks of CHUNK_BYTES, one statement each and never in one
// transaction: on the embedded database a transaction holds its only session, and a bundle of
// hundreds of megabytes must not stop every request while it is written. Instead a file is
// readable only once `completed_at` is set, after its last chunk; a failed put deletes what it
// wrote, and a crash leaves an incomplete file that nobody can read, which its writer deletes by
// its key (report bundles record the key before they write: modules/downloads/downloads.jobs.ts).
import { Readable } from 'node:stream';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { storedFileChunks, storedFiles } from '../db/schema.ts';
import type { FileStore, StoredFile } from './file-store.ts';

/** 1 MB: big enough that a file of 500 MB is 500 rows, small enough to hold a few in memory. */
export const CHUNK_BYTES = 1024 * 1024;

export class DatabaseFileStore implements FileStore {
  constructor(private readonly db: Database, private readonly chunkBytes = CHUNK_BYTES) {}

  async put(key: string, body: Readable, contentType: string): Promise<{ size: number }> {
    await this.db.insert(storedFiles).values({ key, contentType });
    try {
      let size = 0;
      let seq = 0;
      // for await pulls one piece at a time: the source waits while a chunk is written (backpressure).
      for await (const chunk of rechunk(body, this.chunkBytes)) {
        await this.db.insert(storedFileChunks).values({ key, seq: seq++, data: chunk });
        size += chunk.length;
      }
      await this.db.update(storedFiles).set({ size, completedAt: new Date() }).where(eq(storedFiles.key, key));
      return { size };
    } catch (error) {
      body.destroy();
      await this.delete(key).catch(() => {}); // the put's own error is the one to report
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const [file] = await this.db
      .select({ size: storedFiles.size, contentType: storedFiles.contentType })
      .from(storedFiles)
      .where(and(eq(storedFiles.key, key), isNotNull(storedFiles.completedAt)));
    if (!file) return null;
    return { body: Readable.from(this.chunksOf(key)), size: file.size ?? 0, contentType: file.contentType };
  }

  async delete(key: string): Promise<void> {
    // The chunks go with their file (ON DELETE CASCADE).
    await this.db.delete(storedFiles).where(eq(storedFiles.key, key));
  }

  /** The file's chunks, read one at a time by their number, as the reader asks for them. */
  private async *chunksOf(key: string): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq++) {
      const [chunk] = await this.db
        .select({ data: storedFileChunks.data })
        .from(storedFileChunks)
        .where(and(eq(storedFileChunks.key, key), eq(storedFileChunks.seq, seq)));
      if (!chunk) return;
      yield Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
    }
  }
}

/** The stream's bytes in pieces of exactly `size` bytes (the last one shorter), whatever it writes. */
async function* rechunk(source: AsyncIterable<Buffer | Uint8Array | string>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let buffer = typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (pendingBytes + buffer.length >= size) {
      const take = size - pendingBytes;
      pending.push(buffer.subarray(0, take));
      // A copy: the source may reuse its buffer once it is handed back.
      yield Buffer.concat(pending);
      buffer = buffer.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (buffer.length > 0) {
      pending.push(Buffer.from(buffer));
      pendingBytes += buffer.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}
