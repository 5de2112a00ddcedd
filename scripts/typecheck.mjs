#!/usr/bin/env node
// `npm run typecheck`: `tsc -p` for every TypeScript project of the repository, one after another.
// A project whose tsconfig does not exist (yet) is skipped, so the command works while a workspace is
// being written. A "solution" tsconfig (files: [] plus references) is checked through its references.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['packages/contract', 'apps/server', 'apps/portal', 'e2e', 'bench'];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** Reads a tsconfig that may hold comments and trailing commas. */
function readTsconfig(file) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\/|("(?:\\.|[^"\\])*")|\/\/[^\n]*/g, (match, string) => string ?? '')
    .replace(/,(\s*[}\]])/g, '$1');
  return JSON.parse(text);
}

/** The tsconfig files to check for one project folder. */
function configsOf(dir) {
  const main = join(root, dir, 'tsconfig.json');
  if (!existsSync(main)) return [];
  const config = readTsconfig(main);
  const isSolution = Array.isArray(config.references) && Array.isArray(config.files) && config.files.length === 0 && !config.include;
  if (!isSolution) return [main];
  return config.references
    .map((reference) => resolve(dirname(main), reference.path))
    .map((path) => (path.endsWith('.json') ? path : join(path, 'tsconfig.json')))
    .filter((path) => existsSync(path));
}

let failed = 0;
for (const dir of projects) {
  const configs = configsOf(dir);
  if (configs.length === 0) {
    console.log(`typecheck ${dir}: skipped (no tsconfig.json)`);
    continue;
  }
  for (const config of configs) {
    const name = relative(root, config);
    const started = performance.now();
    const result = spawnSync(process.execPath, [tsc, '-p', config, '--noEmit', '--pretty', 'false'], { cwd: root, stdio: 'inherit' });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.status === 0) {
      console.log(`typecheck ${name}: ok (${seconds} s)`);
    } else {
      failed++;
      console.log(`typecheck ${name}: FAILED (${seconds} s)`);
    }
  }
}
process.exit(failed ? 1 : 0);
