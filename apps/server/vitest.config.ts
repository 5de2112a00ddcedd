// API and unit tests of the server. Run from the repository root:
//   npx vitest run --config apps/server/vitest.config.ts
// With DATABASE_URL set, every database suite also runs on PostgreSQL (test/helpers.ts).
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // One module graph per worker, not per file: re-importing the app for each of ~70 files cost
    // ~3 s each (10 min → 8 min in CI). Every file builds its own app and database (test/helpers.ts),
    // so no state is shared between files but the modules' own caches (prepared statements by shape).
    isolate: false,
    // A worker per core. Vitest's default in a run is one fewer than the cores: on CI's 2 cores one
    // worker, which left a core idle while its files waited on PostgreSQL (641 s; two workers: 327 s).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
