// The file store of this process, chosen by the FILE_STORE setting (DESIGN.md §"Files"): the
// database, the default, which needs nothing more to run, or an S3-compatible object store.
import { s3FileStoreOptionsOf, type Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { DatabaseFileStore } from './database-file-store.ts';
import type { FileStore } from './file-store.ts';
import type { S3FileStoreOptions } from './s3-file-store.ts';

export function createFileStore(deps: { db: Database; config: Config }): FileStore {
  const s3 = s3FileStoreOptionsOf(deps.config);
  return s3 ? lazyS3FileStore(s3) : new DatabaseFileStore(deps.db);
}

/**
 * The AWS SDK is large: it is loaded on the first file operation, and only on servers configured
 * for S3, so a server on the database store (the default) never parses it at start-up.
 */
function lazyS3FileStore(options: S3FileStoreOptions): FileStore {
  let store: Promise<FileStore> | undefined;
  const loaded = () => (store ??= import('./s3-file-store.ts').then(({ S3FileStore }) => new S3FileStore(options)));
  return {
    put: async (key, body, contentType) => (await loaded()).put(key, body, contentType),
    get: async (key) => (await loaded()).get(key),
    delete: async (key) => (await loaded()).delete(key),
  };
}
