// The CLI as an operator runs it: a process with exit codes and messages on the right streams.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'clearlane-cli-'));

function cli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('cli process', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('help prints the usage and exits 0 without opening a database', async () => {
    const result = await cli(['help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: npm run cli -- <command> [options]');
  });

  it('runs a command on the embedded database and exits 0; bad input exits 1 with the reason on stderr', async () => {
    const created = await cli(['company', 'create', '--tenant', 'acme', '--name', 'Acme Logistics']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created company');
    const bad = await cli(['company', 'create', '--tenant', 'acme']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('Error: Missing --name.');
    expect(bad.stderr).toContain('npm run cli -- help');
  }, 180_000); // an embedded database on disk is created, then opened again

  it('reports invalid settings and exits 1', async () => {
    const result = await cli(['company', 'list'], { PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT');
  });

  it('tells the operator to stop the server when it holds the data folder', async () => {
    // The test process itself plays the running server: a live pid in the lock file.
    writeFileSync(join(dataDir, 'clearlane.lock'), String(process.pid));
    try {
      const result = await cli(['company', 'list']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is open in the running server (process ${process.pid})`);
      expect(result.stderr).toContain('DATABASE_URL');
    } finally {
      rmSync(join(dataDir, 'clearlane.lock'), { force: true });
    }
  });
});
