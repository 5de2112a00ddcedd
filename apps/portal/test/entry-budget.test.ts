// The first-load guard (build/entry-budget.ts, run by every portal build): it counts the entry
// script and every modulepreload of index.html, gzip, and fails the build above the budget.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { entryBudget, initialScriptsOf, INITIAL_JS_BUDGET_BYTES, measureInitialJs } from '../build/entry-budget.ts';

const INDEX_HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-dom-def.js">
<link rel="modulepreload" crossorigin href="/assets/router-ghi.js">
<link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
</head><body><div id="root"></div></body></html>`;

/** A built portal in a temporary folder: index.html and its scripts (plus a lazy chunk nobody preloads). */
function fakeDist(sizes: { entry: number; preload: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'entry-budget-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  // Random text hardly compresses: its gzip size is most of its length.
  const noise = (bytes: number) => Array.from({ length: bytes }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90))).join('');
  writeFileSync(join(dir, 'assets/index-abc.js'), noise(sizes.entry));
  writeFileSync(join(dir, 'assets/react-dom-def.js'), noise(sizes.preload));
  writeFileSync(join(dir, 'assets/router-ghi.js'), noise(sizes.preload));
  writeFileSync(join(dir, 'assets/lazy-page.js'), noise(500_000));
  return dir;
}

function runPlugin(dir: string, budget: number) {
  const plugin = entryBudget(budget);
  const context = { info: vi.fn(), error: vi.fn((message: string) => { throw new Error(message); }) };
  (plugin.configResolved as (config: unknown) => void)({ root: dir, build: { outDir: '.' } });
  (plugin.closeBundle as (this: unknown) => void).call(context);
  return context;
}

describe('the first-load budget', () => {
  it('is 150 KB', () => {
    expect(INITIAL_JS_BUDGET_BYTES).toBe(150 * 1024);
  });

  it('counts the entry and its modulepreloads, not stylesheets or lazy chunks', () => {
    expect(initialScriptsOf(INDEX_HTML)).toEqual(['/assets/index-abc.js', '/assets/react-dom-def.js', '/assets/router-ghi.js']);
    const dir = fakeDist({ entry: 20_000, preload: 5_000 });
    const { scripts, gzipBytes } = measureInitialJs(dir);
    expect(scripts.map((script) => script.path)).toEqual(['/assets/index-abc.js', '/assets/react-dom-def.js', '/assets/router-ghi.js']);
    expect(gzipBytes).toBe(scripts.reduce((sum, script) => sum + script.gzipBytes, 0));
    expect(gzipBytes).toBeGreaterThan(20_000);
    expect(gzipBytes).toBeLessThan(34_000);
    expect(scripts[0]!.gzipBytes).toBe(gzipSync(readFileSync(join(dir, 'assets/index-abc.js'))).byteLength);
  });

  it('lets a build within budget pass, and says how big it is', () => {
    const context = runPlugin(fakeDist({ entry: 20_000, preload: 5_000 }), 40_000);
    expect(context.error).not.toHaveBeenCalled();
    expect(context.info).toHaveBeenCalledWith(expect.stringMatching(/^initial JavaScript \(entry \+ 2 modulepreloads\): \d+\.\d KB gzip, budget 39\.1 KB$/));
  });

  it('fails a build over budget, naming the largest scripts', () => {
    expect(() => runPlugin(fakeDist({ entry: 50_000, preload: 5_000 }), 40_000)).toThrow(/budget 39\.1 KB[\s\S]*Largest: \/assets\/index-abc\.js/);
  });
});
