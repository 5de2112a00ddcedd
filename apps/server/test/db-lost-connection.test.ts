// PostgreSQL ends a connection the pool holds idle (a restart, a backend terminated, a dropped
// network): the pool lets it go and opens another on the next query. Its 'error' event, unheard,
// used to end the whole process; it is reported now, and the server goes on.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { runAsCompany } from '../src/db/tenant-scope.ts';
import { openTestDatabase, type TestDatabase } from './helpers.ts';

describe.skipIf(!process.env.DATABASE_URL)('a lost idle connection (PostgreSQL)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is reported, not fatal: the next query, outside a company or for one, opens another', async () => {
    const lost: Error[] = [];
    t.handle.reportLostConnections!((error) => lost.push(error));
    const companyId = randomUUID();
    // One idle connection of each kind: work outside any company, and a company's.
    await t.db.execute(sql`select 1`);
    await runAsCompany(companyId, () => t.db.execute(sql`select 1`));

    const database = new URL(t.handle.connectionString!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    await expect.poll(() => lost.length).toBeGreaterThanOrEqual(2);
    expect(lost.every((error) => /terminating connection/.test(error.message))).toBe(true);

    const again = await t.db.execute(sql`select 2 as two`);
    expect((again as unknown as { rows: { two: number }[] }).rows).toEqual([{ two: 2 }]);
    const scoped = await runAsCompany(companyId, () => t.db.execute(sql`select current_setting('app.company_id') as company`));
    expect((scoped as unknown as { rows: { company: string }[] }).rows).toEqual([{ company: companyId }]);
  });
});
