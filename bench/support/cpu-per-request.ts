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
  /** CPU ms of each client backend of the database (the connections serving queries), by pid; null when /proc cannot tell. */
  backends: Map<number, number> | null;
  /** CPU ms of the database's other processes (autovacuum workers, parallel workers), by pid; null when /proc cannot tell. */
  background: Map<number, number> | null;
  /** Autovacuums and autoanalyzes of the database's tables so far (pg_stat_all_tables): one that began and ended between two snapshots is seen only here. */
  maintenanceRuns: number;
}

export interface CpuPerRequest {
  /** ms of this process's CPU (server and load generator) per request. */
  process: number;
  /** ms of PostgreSQL's client backends' CPU per request, or null when it could not be read. */
  database: number | null;
  /**
   * ms of the database's other processes per request (an autovacuum of a freshly loaded table, say):
   * not the list's cost, but CPU taken from it on a 2-core machine, so a run where it is above zero
   * measured the list beside other work. Null when it could not be read.
   */
  background: number | null;
  /** Autovacuums and autoanalyzes that ended between the snapshots (as far as the statistics have caught up). */
  maintenanceRuns: number;
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

/** The CPU used so far by this process and by every PostgreSQL process working in `client`'s database. */
export async function cpuSnapshot(client: pg.Pool): Promise<CpuSnapshot> {
  const { rows } = await client.query<{ pid: number; backend_type: string }>(
    'SELECT pid, backend_type FROM pg_stat_activity WHERE datname = current_database()',
  );
  const { rows: [maintenance] } = await client.query<{ runs: number }>(
    'SELECT coalesce(sum(autovacuum_count + autoanalyze_count), 0)::int AS runs FROM pg_stat_all_tables',
  );
  const maintenanceRuns = maintenance?.runs ?? 0;
  const backends = new Map<number, number>();
  const background = new Map<number, number>();
  for (const { pid, backend_type: kind } of rows) {
    const ms = cpuMsOf(pid);
    if (ms === null) return { process: process.cpuUsage(), backends: null, background: null, maintenanceRuns };
    (kind === 'client backend' ? backends : background).set(pid, ms);
  }
  return { process: process.cpuUsage(), backends, background, maintenanceRuns };
}

/** CPU ms the processes of `after` used since `before`; those that appeared in between count from zero. */
function usedBetween(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}

/**
 * CPU per request between two snapshots. Backends that appeared in between count from zero; the
 * pools keep their connections, so after a warm-up the same backends serve the whole run.
 */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const processMs = (after.process.user + after.process.system - before.process.user - before.process.system) / 1000;
  const perRequest = (ms: number | null) => (ms === null ? null : ms / requests);
  return {
    process: processMs / requests,
    database: perRequest(usedBetween(before.backends, after.backends)),
    background: perRequest(usedBetween(before.background, after.background)),
    maintenanceRuns: after.maintenanceRuns - before.maintenanceRuns,
  };
}

/** Background CPU per request below this is rounding (a /proc tick over thousands of requests), not work. */
const BACKGROUND_NOISE_MS = 0.005;

/** Whether PostgreSQL did background work in the database during the run (an autovacuum, say): the run then measured more than its requests. */
export const ranBesideBackgroundWork = (used: CpuPerRequest) => (used.background ?? 0) >= BACKGROUND_NOISE_MS || used.maintenanceRuns > 0;
