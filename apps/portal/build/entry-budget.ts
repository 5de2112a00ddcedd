// The portal's first load, kept small (issue 8 "Portal first load"): the JavaScript a browser fetches
// before the first page can render is the entry script of index.html plus every modulepreload it
// lists. The build measures it (gzip, as served) and fails above the budget, so a heavy library or
// a route config that drags a page into the entry is caught where it is added, not in production.
// Known causes and cures: TOOLCHAIN.md "Keep the entry chunk small".
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The budget of the initial JavaScript, gzip bytes (150 KB). */
export const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

export interface InitialScript {
  path: string;
  gzipBytes: number;
}

/** The scripts index.html makes the browser fetch at once: the module entry, then its modulepreloads. */
export function initialScriptsOf(html: string): string[] {
  const entries = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]!);
  return [...new Set([...entries, ...preloads])];
}

/** Measures the initial JavaScript of a built portal (its outDir). */
export function measureInitialJs(outDir: string): { scripts: InitialScript[]; gzipBytes: number } {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const scripts = initialScriptsOf(html).map((path) => ({
    path,
    gzipBytes: gzipSync(readFileSync(join(outDir, path.replace(/^\//, '')))).byteLength,
  }));
  return { scripts, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Fails the build when the initial JavaScript is over budget; prints the figure either way. */
export function entryBudget(budgetBytes = INITIAL_JS_BUDGET_BYTES): Plugin {
  let outDir = 'dist';
  return {
    name: 'clearlane-entry-budget',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { scripts, gzipBytes } = measureInitialJs(outDir);
      const summary = `initial JavaScript (entry + ${scripts.length - 1} modulepreloads): ${kb(gzipBytes)} gzip, budget ${kb(budgetBytes)}`;
      if (gzipBytes <= budgetBytes) {
        this.info(summary);
        return;
      }
      const largest = [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 8);
      this.error(`${summary}.\nLargest: ${largest.map((script) => `${script.path} ${kb(script.gzipBytes)}`).join(', ')}.\nSee TOOLCHAIN.md "Keep the entry chunk small".`);
    },
  };
}
