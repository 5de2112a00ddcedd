// `npm run cli -- <args>` on the e2e database, as an operator would (PostgreSQL: alongside the server).
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function cli(...args: string[]): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('This journey needs the e2e PostgreSQL database (E2E_DATABASE_URL).');
  return execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
  });
}
