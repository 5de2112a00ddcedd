// The file store of this process, chosen by settings (DESIGN.md §"Files"): the database, the
// default, which needs nothing more to run. (An S3-compatible store is chosen here too once its
// settings exist: storage/s3-file-store.ts.)
import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { DatabaseFileStore } from './database-file-store.ts';
import type { FileStore } from './file-store.ts';

export function createFileStore(deps: { db: Database; config: Config }): FileStore {
  return new DatabaseFileStore(deps.db);
}
