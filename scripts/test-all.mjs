#!/usr/bin/env node
// `npm test`: every test suite of the repository, in order, then one summary.
//
//   1. vitest: packages/contract, apps/server, apps/portal — each only if its vitest.config.ts exists.
//      DATABASE_URL passes through: the server harness then runs its database suites on PGlite and
//      on PostgreSQL.
//   2. Playwright: e2e/playwright.config.ts, if it exists and there are spec files.
//
// Every runner writes a JSON report to test-results/reports/; the counts come from there. The last
// line printed is `N passed, N failed` (`, N skipped` appended when some were skipped). The exit code
// is non-zero when a test failed or a runner crashed (a crash counts as one failure). No TTY needed.
//
// Arguments pick suites: `node scripts/test-all.mjs server e2e` (default: all of them).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'test-results', 'reports');
const SUITE_TIMEOUT_MS = Number(process.env.TEST_SUITE_TIMEOUT_MS ?? 25 * 60_000);

const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const playwrightBin = join(root, 'node_modules', '@playwright', 'test', 'cli.js');

const VITEST_PROJECTS = [
  { name: 'contract', config: 'packages/contract/vitest.config.ts' },
  { name: 'server', config: 'apps/server/vitest.config.ts' },
  { name: 'portal', config: 'apps/portal/vitest.config.ts' },
];
const E2E_CONFIG = 'e2e/playwright.config.ts';
const SUITES = ['contract', 'server', 'portal', 'e2e'];

const selected = process.argv.slice(2);
const unknown = selected.filter((name) => !SUITES.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown suite(s): ${unknown.join(', ')}. Known: ${SUITES.join(', ')}`);
  process.exit(2);
}
const wanted = (name) => selected.length === 0 || selected.includes(name);

/** Runs a command with inherited output; resolves with its exit code (or a description of its end). */
function run(command, args, { cwd = root, env = {} } = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, CI: process.env.CI ?? 'true', ...(process.stdout.isTTY ? {} : { NO_COLOR: '1' }), ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true, // its own process group, so a timeout can stop everything it started
    });
    const timer = setTimeout(() => {
      console.error(`\n[test-all] ${relative(root, args[1] ?? command)} ran longer than ${SUITE_TIMEOUT_MS / 60_000} min: stopping it`);
      try {
        process.kill(-child.pid, 'SIGTERM');
        setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ } }, 10_000).unref();
      } catch { /* already gone */ }
    }, SUITE_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      done({ code: null, reason: error.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code, reason: signal ? `killed by ${signal}` : `exit code ${code}` });
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Counts from vitest's JSON reporter (jest-compatible shape). */
function vitestCounts(report) {
  const passed = report.numPassedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  let failed = report.numFailedTests ?? 0;
  // A test file that failed to load or whose hooks failed has no failed test: count the file.
  for (const file of report.testResults ?? []) {
    const failedInFile = (file.assertionResults ?? []).filter((test) => test.status === 'failed').length;
    if (file.status === 'failed' && failedInFile === 0) failed++;
  }
  return { passed, failed, skipped };
}

/** Counts from Playwright's JSON reporter. */
function playwrightCounts(report) {
  const stats = report.stats ?? {};
  const errors = (report.errors ?? []).length; // global setup failures, files that did not load
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: (stats.unexpected ?? 0) + errors, skipped: stats.skipped ?? 0 };
}

function specFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.spec\.[cm]?[jt]s$/.test(entry.name) && !join(entry.parentPath ?? entry.path, entry.name).includes('node_modules'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

const results = [];

/** Turns a runner's end and its JSON report into one suite result. */
function record(name, outcome, report, countsOf) {
  const started = outcome.started;
  const seconds = (performance.now() - started) / 1000;
  if (!report) {
    results.push({ name, passed: 0, failed: 1, skipped: 0, seconds, note: `runner crashed (${outcome.reason}), no report` });
    return;
  }
  const counts = countsOf(report);
  let note = '';
  if (outcome.code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    note = `runner ended with ${outcome.reason} though no test failed`;
  }
  if (counts.passed + counts.failed + counts.skipped === 0) note = 'no tests';
  results.push({ name, ...counts, seconds, note });
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

for (const project of VITEST_PROJECTS.filter((project) => wanted(project.name))) {
  const config = join(root, project.config);
  if (!existsSync(config)) {
    console.log(`\n[test-all] ${project.name}: skipped (${project.config} does not exist)`);
    continue;
  }
  const output = join(reports, `vitest-${project.name}.json`);
  console.log(`\n[test-all] ${project.name}: vitest run --config ${project.config}${project.name === 'server' && process.env.DATABASE_URL ? ' (PGlite and PostgreSQL)' : ''}`);
  const started = performance.now();
  const outcome = await run(process.execPath, [
    vitestBin, 'run', '--config', config, '--passWithNoTests',
    '--reporter=default', '--reporter=json', `--outputFile.json=${output}`,
  ], { cwd: dirname(config) });
  record(project.name, { ...outcome, started }, readJson(output), vitestCounts);
}

if (!wanted('e2e')) {
  // not selected
} else if (existsSync(join(root, E2E_CONFIG)) && specFiles(join(root, 'e2e')).length > 0) {
  const output = join(reports, 'playwright.json');
  console.log(`\n[test-all] e2e: playwright test -c ${E2E_CONFIG}`);
  const started = performance.now();
  const outcome = await run(process.execPath, [playwrightBin, 'test', '-c', E2E_CONFIG, '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: output },
  });
  record('e2e', { ...outcome, started }, readJson(output), playwrightCounts);
} else {
  console.log(`\n[test-all] e2e: skipped (no ${E2E_CONFIG} or no spec files)`);
}

const total = results.reduce((sum, suite) => ({
  passed: sum.passed + suite.passed,
  failed: sum.failed + suite.failed,
  skipped: sum.skipped + suite.skipped,
}), { passed: 0, failed: 0, skipped: 0 });

console.log('\n[test-all] summary');
for (const suite of results) {
  const counts = `${suite.passed} passed, ${suite.failed} failed${suite.skipped ? `, ${suite.skipped} skipped` : ''}`;
  console.log(`  ${suite.name.padEnd(9)} ${counts.padEnd(34)} ${suite.seconds.toFixed(1).padStart(6)} s${suite.note ? `  (${suite.note})` : ''}`);
}
if (results.length === 0) console.log('  no test suite exists yet');
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
