// Where built files live (report bundles first): a store every server process can read, never one
// process's local disk (DESIGN.md §"Files"). The FILE_STORE setting chooses it: the database (the
// default, nothing more to run) or an S3-compatible object store.
import type { Readable } from 'node:stream';

export interface StoredFile {
  /** The file's bytes, streamed in order: a caller never holds a whole bundle in memory. */
  body: Readable;
  size: number;
  contentType: string;
}

export interface FileStore {
  /**
   * Stores the stream under `key` and resolves, with its size in bytes, once the file is durable.
   * Keys are new for every file (a retried build writes under a new key), so nothing is overwritten;
   * if the stream fails, nothing is left under the key.
   */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** The file, or null when there is none under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}
