#!/usr/bin/env node
// `npm run typecheck`: `tsc -p` for every TypeScript project of the repository.
// A project whose tsconfig does not exist (yet) is skipped, so the command works while a workspace is
// being written. A "solution" tsconfig (files: [] plus references) is checked through its references.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

// Two at a time (the machines have 2 cores); each project's output is printed whole when it ends.
const jobs = [];
for (const dir of projects) {
  const configs = configsOf(dir);
  if (configs.length === 0) console.log(`typecheck ${dir}: skipped (no tsconfig.json)`);
  jobs.push(...configs);
}

function check(config) {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsc, '-p', config, '--noEmit', '--pretty', 'false'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      console.log(`typecheck ${relative(root, config)}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      done(code === 0);
    });
  });
}

const concurrency = Math.max(1, Math.min(2, availableParallelism()));
let next = 0;
let failed = 0;
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (next < jobs.length) {
    const ok = await check(jobs[next++]);
    if (!ok) failed++;
  }
}));
process.exit(failed ? 1 : 0);
