import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { buildManifest } from './build/build-manifest.ts';
import { entryBudget } from './build/entry-budget.ts';

const manifest = buildManifest();
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // The router plugin must come before react() (TOOLCHAIN.md).
  // entryBudget fails the build when the first load's JavaScript grows past its budget (build/entry-budget.ts).
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), manifest.plugin, entryBudget()],
  define: { __BUILD_ID__: JSON.stringify(manifest.buildId) },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/hub': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Every module the first page needs in ONE chunk (the entry), not the entry plus ~20 small
        // shared chunks: gzip then compresses across all of it and no import/export glue is needed
        // between them — 151.0 KB became 141.3 KB gzip with the very same modules (issue 8,
        // "Keeping the first load under budget" in docs/DECISIONS.md). Lazy pages import from it.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
});
