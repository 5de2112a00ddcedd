import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

// Unit tests of the portal shell: jsdom, run from the repo root with
//   npx vitest run --config apps/portal/vitest.config.ts
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  test: {
    name: 'portal',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    css: false,
    // A worker per core (Vitest's default in a run is one fewer: on CI's 2 cores one worker, 300 s;
    // two: 170 s).
    maxWorkers: availableParallelism(),
    // @rjsf/mantine imports 'dayjs/plugin/customParseFormat' without its extension, which Node's ESM
    // resolver refuses: let Vite resolve it, as it does in the build.
    server: { deps: { inline: [/@rjsf\/mantine/] } },
  },
});
