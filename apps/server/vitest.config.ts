// API and unit tests of the server. Run from the repository root:
//   npx vitest run --config apps/server/vitest.config.ts
// With DATABASE_URL set, every database suite also runs on PostgreSQL (test/helpers.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
