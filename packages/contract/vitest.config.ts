// Unit tests of the shared contract. Run from the repository root:
//   npx vitest run --config packages/contract/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'contract',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
