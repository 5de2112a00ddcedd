// GET /orders reads its page with the caller's lookup, in one round trip (access/guard.ts
// readAhead, access/principal.ts loadPrincipalWithRead, db/client.ts readBehind). It is a second way
// through authentication, so it must answer exactly as the first: a revoked session, a disabled
// user, a removed membership, a token naming a company its user is not in, a role without the
// permission and a company without the plugin all get what they got before, and never a row of
// the page read for them. On PGlite there is no pipeline and the route reads after the lookup.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { loadPrincipalWithRead } from '../src/access/principal.ts';
import { tenantScopedPoolOf, type TenantScopedPool } from '../src/db/client.ts';
import { companies, memberships, rolePermissions } from '../src/db/schema.ts';
import { updateUser } from '../src/identity/identity.repository.ts';
import { OrdersService } from '../src/modules/orders/orders.service.ts';
import type { VerifiedIdToken } from '../src/session/claims.ts';
import {
  GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, get, newCompany, newUser, openTestDatabase, post, seedTwoCompanies, signInAs,
  type TestDatabase,
} from './helpers.ts';

const postgresUrl = process.env.DATABASE_URL;

/** Orders of a company, each named `label n`, written as the owner. */
async function placeOrders(db: TestDatabase['db'], companyId: string, label: string, count: number) {
  for (let n = 1; n <= count; n++) {
    await db.execute(sql`
      INSERT INTO orders (id, company_id, type, status, processing_status, input, subject_label, permissible_purpose, is_reviewed, is_auto_adjudicated, tags)
      VALUES (gen_random_uuid(), ${companyId}, 'MVR', 'Ordered', 'Processing', '{}', ${`${label} ${n}`}, 'WRITTEN_CONSENT', false, false, '{}')`);
  }
}

/** The claims of a signed-in id token, as the verifier gives them. */
const claimsOf = (idToken: string) => decodeJwt(idToken) as unknown as VerifiedIdToken;

describeEachDatabase('GET /orders read with the caller', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const list = (token: string, query = '') => get(t.app, `/api/v1/orders${query}`, token);

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    await placeOrders(t.db, seeded.acme.id, 'Acme driver', 3);
    await placeOrders(t.db, seeded.globex.id, 'Globex driver', 2);
  });

  it('answers the page of the caller’s company, filtered, sorted and paged as asked, in one round trip on PostgreSQL', async () => {
    const pool = tenantScopedPoolOf(t.db);
    const readBehind = pool ? vi.spyOn(pool, 'readBehind') : undefined;
    try {
      const { idToken } = await signInAs(t.app, seeded.users.viewer.email);
      const response = await list(idToken, '?sort=subjectLabel,asc&size=2');
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      expect(page.content.map((order: { subjectLabel: string }) => order.subjectLabel)).toEqual(['Acme driver 1', 'Acme driver 2']);
      expect(page.page).toMatchObject({ size: 2, totalElements: 3 });
      // The same page as the service reads it after the lookup, key for key.
      const readAfter = await new OrdersService(t.db, () => undefined).pageOfOrders(seeded.acme.id, { page: 0, size: 2, sort: ['subjectLabel,asc'] } as never);
      expect(page).toEqual(JSON.parse(JSON.stringify(readAfter)));
      if (readBehind) {
        expect(readBehind).toHaveBeenCalledTimes(1);
        await expect(readBehind.mock.results[0]!.value).resolves.toMatchObject({ lead: { companyId: seeded.acme.id }, result: { content: expect.any(Array) } });
      }
      const globex = await signInAs(t.app, seeded.users.globexAdmin.email, undefined, GLOBEX_HOST);
      const globexPage = (await get(t.app, '/api/v1/orders', globex.idToken, GLOBEX_HOST)).json();
      expect(globexPage.content.map((order: { subjectLabel: string }) => order.subjectLabel).sort()).toEqual(['Globex driver 1', 'Globex driver 2']);
    } finally {
      readBehind?.mockRestore();
    }
  });

  it('a signed-out session, a disabled user and a removed membership get 401 and no rows', async () => {
    const signedOut = await signInAs(t.app, seeded.users.manager.email);
    expect((await list(signedOut.idToken)).statusCode).toBe(200);
    expect((await post(t.app, '/api/v1/auth/sign-out', {}, { headers: bearer(signedOut.idToken) })).statusCode).toBe(204);
    const disabled = await newUser(t.db, { tenant: 'acme' });
    const removed = await newUser(t.db, { tenant: 'acme' });
    const disabledTokens = await signInAs(t.app, disabled.email);
    const removedTokens = await signInAs(t.app, removed.email);
    expect((await list(disabledTokens.idToken)).statusCode).toBe(200);
    await updateUser(t.db, disabled.userId, { status: 'DISABLED' });
    await t.db.delete(memberships).where(eq(memberships.userId, removed.userId));
    for (const token of [signedOut.idToken, disabledTokens.idToken, removedTokens.idToken]) {
      const response = await list(token);
      expectProblem(response, 401, 'UserUnAuthenticatedException');
      expect(response.body).not.toContain('Acme driver');
    }
  });

  it('401 comes before the querystring’s 400, which a signed-in caller gets naming the field', async () => {
    const tokens = await signInAs(t.app, seeded.users.agent.email);
    expect(errorPaths(expectProblem(await list(tokens.idToken, '?size=0'), 400))).toContain('query.size');
    await post(t.app, '/api/v1/auth/sign-out', {}, { headers: bearer(tokens.idToken) });
    expectProblem(await list(tokens.idToken, '?size=0'), 401, 'UserUnAuthenticatedException');
  });

  it('a role without the permission gets 403 and a company without the plugin 403 PluginNotEnabled, with no rows', async () => {
    const tokens = await signInAs(t.app, seeded.users.viewer.email);
    const permission = and(eq(rolePermissions.role, 'Viewer'), eq(rolePermissions.action, 'view'), eq(rolePermissions.subject, 'Order'));
    const [taken] = await t.db.delete(rolePermissions).where(permission).returning();
    try {
      expect(taken).toBeDefined();
      const response = await list(tokens.idToken);
      expectProblem(response, 403, 'Forbidden');
      expect(response.body).not.toContain('Acme driver');
    } finally {
      await t.db.insert(rolePermissions).values(taken!);
    }
    const [{ plugins }] = await t.db.select({ plugins: companies.plugins }).from(companies).where(eq(companies.id, seeded.acme.id)) as [{ plugins: string[] }];
    await t.db.update(companies).set({ plugins: plugins.filter((plugin) => plugin !== 'orders') }).where(eq(companies.id, seeded.acme.id));
    try {
      const response = await list(tokens.idToken);
      expectProblem(response, 403, 'PluginNotEnabled');
      expect(response.body).not.toContain('Acme driver');
    } finally {
      await t.db.update(companies).set({ plugins }).where(eq(companies.id, seeded.acme.id));
    }
    expect((await list(tokens.idToken)).statusCode).toBe(200);
  });

  it('a token naming a company its user is not a member of reads nothing through', async () => {
    const { idToken } = await signInAs(t.app, seeded.users.manager.email);
    const read = vi.fn(async () => new OrdersService(t.db, () => undefined).pageOfOrders(seeded.globex.id, { page: 0, size: 20, sort: [] } as never));
    const answer = await loadPrincipalWithRead(t.db, { ...claimsOf(idToken), companyId: seeded.globex.id }, read);
    if (t.kind === 'pglite') {
      expect(answer).toBeUndefined(); // no pipeline: the guard loads the principal alone
      expect(read).not.toHaveBeenCalled();
    } else {
      expect(answer).toEqual({ principal: null });
    }
  });
});

describe.skipIf(!postgresUrl)(`readBehind on PostgreSQL${postgresUrl ? '' : ' — skipped: set DATABASE_URL to run it'}`, () => {
  let database: TestDatabase;
  let pool: TenantScopedPool;
  let companyId: string;
  const backendOf = async (client: pg.PoolClient) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const readScope = async () => {
    const result = await database.db.execute(sql`select pg_backend_pid() as pid, current_user as role, current_setting('app.company_id') as company`);
    return (result as unknown as { rows: { pid: number; role: string; company: string }[] }).rows[0]!;
  };

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    pool = tenantScopedPoolOf(database.db)!;
    companyId = (await newCompany(database.db, 'readbehind')).id;
  });
  afterAll(() => database?.close());

  it('runs the read’s first statement on the lead’s connection, as the company, and its later ones after the lead is accepted', async () => {
    const answer = await pool.readBehind(companyId, backendOf, () => true, async () => [await readScope(), await readScope()]);
    const [first, second] = answer.result!;
    expect(first).toEqual({ pid: answer.lead, role: 'clearlane_tenant', company: companyId });
    expect(second).toMatchObject({ role: 'clearlane_tenant', company: companyId });
  });

  it('a lead not accepted gives no result, and the read’s statements after the first never run', async () => {
    let secondRan = false;
    const answer = await pool.readBehind(companyId, backendOf, () => false, async () => {
      const first = await readScope();
      await readScope();
      secondRan = true;
      return first;
    });
    expect(answer.result).toBeUndefined();
    expect(secondRan).toBe(false);
    // The connection went back in working order.
    expect((await pool.readBehind(companyId, backendOf, () => true, readScope)).result).toMatchObject({ company: companyId });
  });

  it('a failed lead is thrown and its connection is not reused; a failed read gives no result', async () => {
    let leadPid = 0;
    const failing = pool.readBehind(companyId, async (client) => {
      leadPid = await backendOf(client);
      await client.query('select 1 / 0');
    }, () => true, readScope);
    await expect(failing).rejects.toThrow(/division by zero/);
    const after = await Promise.all(Array.from({ length: 12 }, () => pool.readBehind(companyId, backendOf, () => true, async () => 1)));
    expect(after.map((answer) => answer.lead)).not.toContain(leadPid);
    const failedRead = await pool.readBehind(companyId, backendOf, () => true, async () => database.db.execute(sql`select no_such_column`));
    expect(failedRead).toEqual({ lead: expect.any(Number) });
  });
});
