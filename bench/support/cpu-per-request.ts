// Where a measured run's CPU went, per request: the bench's own process (the server and autocannon,
// which share it) and the PostgreSQL backends serving its database. Throughput alone cannot say
// whether a list is bound by the server's work or by the database's; on 2 cores both count.
// PostgreSQL's share is read from /proc, so only when PostgreSQL runs on this machine (else null).
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Linux's clock ticks per second for /proc/<pid>/stat times (getconf CLK_TCK; 100 on x86-64 Linux). */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  process: NodeJS.CpuUsage;
  /** CPU ms of each backend of the database, by pid; null when /proc cannot tell. */
  backends: Map<number, number> | null;
}

export interface CpuPerRequest {
  /** ms of this process's CPU (server and load generator) per request. */
  process: number;
  /** ms of PostgreSQL's CPU per request, or null when it could not be read. */
  database: number | null;
}

function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses: utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The CPU used so far by this process and by every backend connected to `client`'s database. */
export async function cpuSnapshot(client: pg.Pool): Promise<CpuSnapshot> {
  const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const backends = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = cpuMsOf(pid);
    if (ms === null) return { process: process.cpuUsage(), backends: null };
    backends.set(pid, ms);
  }
  return { process: process.cpuUsage(), backends };
}

/**
 * CPU per request between two snapshots. Backends that appeared in between count from zero; the
 * pools keep their connections, so after a warm-up the same backends serve the whole run.
 */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const processMs = (after.process.user + after.process.system - before.process.user - before.process.system) / 1000;
  let database: number | null = null;
  if (before.backends && after.backends) {
    database = 0;
    for (const [pid, ms] of after.backends) database += ms - (before.backends.get(pid) ?? 0);
  }
  return { process: processMs / requests, database: database === null ? null : database / requests };
}
