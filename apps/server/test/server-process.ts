// The real server as a child process, for crash tests (order-fault, download-fault): started with
// `node --import tsx apps/server/src/main.ts` on a port and settings of the test's, called over
// plain HTTP with the tenant's Host header, killed and started again.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';
import type { ThrowawayDatabase } from './throwaway-database.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
/** Start-up on a busy 2-core machine (tsx compiles the server first) can take a while. */
export const START_TIMEOUT_MS = 120_000;

export interface Server {
  child: ChildProcess;
  output: string[];
}

export function startServer(port: number, env: Record<string, string>): Server {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'true', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for the failure message: why a server did not come up is the first thing to know.
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  return { child, output };
}

export function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

/** Node's fetch drops a custom Host header; the tenant is named by it, so plain http it is. */
export function call(port: number, method: string, path: string, options: { token?: string; json?: unknown; body?: Buffer; contentType?: string } = {}) {
  const body = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
  return new Promise<{ status: number; json: any; raw: Buffer }>((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1', port, method, path,
      headers: {
        host: `acme.localhost:${port}`,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(body ? { 'content-type': options.json !== undefined ? 'application/json' : options.contentType!, 'content-length': body.length } : {}),
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString();
        let json: unknown = text;
        try { json = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, json, raw });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function waitUntilHealthy(port: number, server: Server) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The server exited (${server.child.exitCode}):\n${server.output.join('')}`);
    const health = await call(port, 'GET', '/api/v1/health').catch(() => null);
    if (health?.status === 200) return;
    await sleep(250);
  }
  throw new Error(`The server did not become healthy:\n${server.output.join('')}`);
}


/**
 * What a crash test leaves running when it ends, passed or failed: its last server (stopped) and its
 * PostgreSQL database (dropped), after the suite. Call at the top of a describe; set the fields as they exist.
 */
export function cleanUpAfterSuite(): { server?: Server; database?: ThrowawayDatabase } {
  const left: { server?: Server; database?: ThrowawayDatabase } = {};
  afterAll(async () => {
    if (left.server) {
      left.server.child.kill('SIGTERM');
      await exited(left.server.child);
    }
    await left.database?.drop();
  });
  return left;
}
