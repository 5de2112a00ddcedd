// Opening everything a process needs, shared by the server and the CLI.
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from './config/config.ts';
import { openDatabase, runMigrations, type DatabaseHandle } from './db/client.ts';
import { seedRolePermissions } from './seed/roles.ts';
import { seedDemoData } from './seed/demo.ts';

export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../portal/dist', import.meta.url));

export function configFromEnv(): Config {
  const config = loadConfig(process.env);
  return { ...config, STATIC_DIR: config.STATIC_DIR ?? DEFAULT_STATIC_DIR };
}

export async function openPreparedDatabase(config: Config, options: { seedDemo?: boolean } = {}): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await runMigrations(handle);
    await seedRolePermissions(handle.db);
    if (options.seedDemo ?? config.SEED_DEMO) await seedDemoData(handle.db);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
