// Lists that can grow large count at most COUNT_CAP (10,000) matching rows: above it the page meta
// says totalElements 10,000 with totalElementsCapped true ("more than 10,000"); at or below it the
// total is exact and the flag is absent. A company with 10,001 of everything is loaded straight
// into the database (what thousands of API calls would make), then every such list is asked.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNT_CAP } from '@clearlane/contract';
import { readCountedPage } from '../src/db/capped-count.ts';
import { orders } from '../src/db/schema.ts';
import { runAsCompany } from '../src/db/tenant-scope.ts';
import { GLOBEX_HOST, describeEachDatabase, get, newCompany, newUser, seedTwoCompanies, signInAs } from './helpers.ts';

const ABOVE_CAP = COUNT_CAP + 1;
const host = 'bigfleet.localhost:3000';

describeEachDatabase('list counts', (t) => {
  let company: { id: string };
  let groupId: string;
  let token: string;
  let globexToken: string;

  beforeAll(async () => {
    const seeded = await seedTwoCompanies(t.db);
    globexToken = (await signInAs(t.app, seeded.users.globexAdmin.email, undefined, GLOBEX_HOST)).idToken;
    company = await newCompany(t.db, 'bigfleet', 'Big Fleet');
    const admin = await newUser(t.db, { tenant: 'bigfleet', role: 'Company Admin' });
    token = (await signInAs(t.app, admin.email, undefined, host)).idToken;
    groupId = crypto.randomUUID();
    const c = company.id;
    await t.db.execute(sql`INSERT INTO report_groups (id, company_id, name, source, total_orders) VALUES (${groupId}, ${c}, 'Big sheet', 'BULK_UPLOAD', ${ABOVE_CAP + 3})`);
    // 10,001 completed orders (so 10,001 reports) and three that failed: a filter that matches those
    // is far below the cap.
    await t.db.execute(sql`
      INSERT INTO orders (id, company_id, type, status, processing_status, input, subject_label, report_group_id, completed_at)
      SELECT gen_random_uuid(), ${c}, 'VIN_REPORT', CASE WHEN n <= 3 THEN 'Failed' ELSE 'Complete' END,
             CASE WHEN n <= 3 THEN 'Failed' ELSE 'Complete' END, '{}'::jsonb, 'VIN ' || n, ${groupId}, now()
      FROM generate_series(1, ${ABOVE_CAP + 3}) AS n`);
    await t.db.execute(sql`
      INSERT INTO persons (id, company_id, first_name, last_name, date_of_birth, licence_number, licence_state)
      SELECT gen_random_uuid(), ${c}, 'Driver', 'Number ' || n, '1980-01-01', 'D' || lpad(n::text, 7, '0'), CASE WHEN n <= 2 THEN 'TX' ELSE 'CA' END
      FROM generate_series(1, ${ABOVE_CAP}) AS n`);
    await t.db.execute(sql`
      INSERT INTO businesses (id, company_id, name, ein, state)
      SELECT gen_random_uuid(), ${c}, 'Carrier ' || n, lpad(n::text, 9, '0'), CASE WHEN n <= 2 THEN 'TX' ELSE 'CA' END
      FROM generate_series(1, ${ABOVE_CAP}) AS n`);
    // With the admin, the company has 10,001 members.
    await t.db.execute(sql`
      WITH made AS (
        INSERT INTO users (id, email, first_name, last_name, password_hash, status)
        SELECT gen_random_uuid(), 'member' || n || '@bigfleet.test', 'Member', 'Number ' || n, 'not-a-hash', 'ACTIVE'
        FROM generate_series(1, ${COUNT_CAP}) AS n
        RETURNING id
      )
      INSERT INTO memberships (company_id, user_id, role) SELECT ${c}, id, 'Viewer' FROM made`);
  });

  const page = async (url: string, bearerToken = token, onHost = host) => {
    const response = await get(t.app, url, bearerToken, onHost);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  const LISTS: [string, () => string][] = [
    ['orders', () => '/api/v1/orders'],
    ['reports', () => '/api/v1/reports'],
    ['drivers', () => '/api/v1/person/company/me'],
    ['businesses', () => '/api/v1/businesses'],
    ['users', () => '/api/v1/users'],
  ];

  describe('a list of more than 10,000 says "more than 10,000"', () => {
    it.each(LISTS)('%s: totalElements 10,000, totalElementsCapped true, and a full page', async (_name, url) => {
      const body = await page(`${url()}?size=20`);
      expect(body.page).toEqual({ number: 0, size: 20, totalElements: COUNT_CAP, totalPages: COUNT_CAP / 20, totalElementsCapped: true });
      expect(body.content).toHaveLength(20);
    });

    it("a report group's orders: capped too, while its progress counts the whole group", async () => {
      const group = await page(`/api/v1/reports/groups/${groupId}?size=50`);
      expect(group.orders.page).toEqual({ number: 0, size: 50, totalElements: COUNT_CAP, totalPages: COUNT_CAP / 50, totalElementsCapped: true });
      expect(group.progress.total).toBe(ABOVE_CAP + 3);
    });

    it('a page past the counted ones still answers its rows, and one past the end none, both capped', async () => {
      const last = await page('/api/v1/orders?size=100&page=100');
      expect(last.content).toHaveLength(4); // 10,004 orders
      expect(last.page).toMatchObject({ number: 100, totalElements: COUNT_CAP, totalElementsCapped: true });
      const beyond = await page('/api/v1/orders?size=100&page=200');
      expect(beyond.content).toEqual([]);
      expect(beyond.page).toMatchObject({ number: 200, totalElements: COUNT_CAP, totalElementsCapped: true });
    });
  });

  describe('a list of up to 10,000 is counted exactly', () => {
    it.each([
      ['orders', '/api/v1/orders?status=Failed', 3],
      ['reports of one type', '/api/v1/reports?type=MotorVehicleRecord', 0],
      ['drivers', '/api/v1/person/company/me?licenceState=TX', 2],
      ['businesses', '/api/v1/businesses?state=TX', 2],
      ['users', '/api/v1/users?role=Company%20Admin', 1],
      ['report group orders', () => `/api/v1/reports/groups/${groupId}?status=Failed`, 3],
    ] as [string, string | (() => string), number][])('%s: the exact total, no flag', async (_name, url, total) => {
      const body = await page(typeof url === 'string' ? url : url());
      const meta = body.orders?.page ?? body.page;
      expect(meta).toEqual({ number: 0, size: 20, totalElements: total, totalPages: Math.ceil(total / 20) });
    });

    it('free text: counts its matches exactly and pages through them to the last one', async () => {
      // "VIN 1", "VIN 10"-"VIN 19", …, "VIN 1000"-"VIN 1999", "VIN 10000"-"VIN 10004".
      const matches = 1 + 10 + 100 + 1000 + 5;
      const first = await page('/api/v1/orders?filter=vin%201&size=100&sort=subjectLabel,asc');
      expect(first.page).toEqual({ number: 0, size: 100, totalElements: matches, totalPages: 12 });
      const seen: string[] = [];
      for (let number = 0; number < 12; number++) {
        const body = await page(`/api/v1/orders?filter=vin%201&size=100&page=${number}&sort=subjectLabel,asc`);
        expect(body.page.totalElements).toBe(matches);
        seen.push(...(body.content as { subjectLabel: string }[]).map((order) => order.subjectLabel));
      }
      expect(seen).toHaveLength(matches);
      expect(new Set(seen).size).toBe(matches);
      expect(seen).toEqual([...seen].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)));
      expect(seen.every((label) => label.startsWith('VIN 1'))).toBe(true);
      const failed = await page('/api/v1/orders?filter=vin%201&status=Failed');
      expect(failed.page).toEqual({ number: 0, size: 20, totalElements: 1, totalPages: 1 });
      expect(failed.content.map((order: { subjectLabel: string }) => order.subjectLabel)).toEqual(['VIN 1']);
    });

    it('another company sees its own, exact count: none of the 10,001', async () => {
      const body = await page('/api/v1/orders', globexToken, GLOBEX_HOST);
      expect(body.page).toEqual({ number: 0, size: 20, totalElements: 0, totalPages: 0 });
    });
  });

  describe('readCountedPage', () => {
    const read = (cap: number, offset: number, status?: string, growsOnly?: string) =>
      runAsCompany(company.id, () => {
        const where = sql`${orders.companyId} = ${company.id}${status ? sql` and ${orders.status} = ${status}` : sql``}`;
        return readCountedPage(t.db, { matching: t.db.select({ one: sql`1` }).from(orders).where(where), offset, cap, growsOnly }, (matchingCount) =>
          t.db.select({ id: orders.id, matchingCount }).from(orders).where(where).orderBy(orders.id).limit(2).offset(offset),
        );
      });

    it('counts exactly up to its cap and says capped above it', async () => {
      expect(await read(3, 0, 'Failed')).toMatchObject({ total: 3, capped: false });
      expect(await read(2, 0, 'Failed')).toMatchObject({ total: 2, capped: true });
      const first = await read(2, 0, 'Failed');
      expect(first.rows).toHaveLength(2);
      expect(Object.keys(first.rows[0]!)).toEqual(['id']);
    });

    it('does not count again a list that only grows once it has counted past its cap', async () => {
      const list = `failed orders of ${company.id}, as if they only grew`;
      expect(await read(3, 0, 'Failed', list)).toMatchObject({ total: 3, capped: false });
      expect(await read(2, 0, 'Failed', list)).toMatchObject({ total: 2, capped: true });
      // Remembered under its name and cap: the count is not run again (this WHERE would count none)...
      expect(await read(2, 0, 'New', list)).toEqual({ rows: [], total: 2, capped: true });
      expect(await read(2, 10, 'New', list)).toEqual({ rows: [], total: 2, capped: true });
      // ...while under another cap, another name or none, lists are counted as always.
      expect(await read(3, 0, 'New', list)).toEqual({ rows: [], total: 0, capped: false });
      expect(await read(2, 0, 'New', `${list}, another`)).toEqual({ rows: [], total: 0, capped: false });
      expect(await read(2, 0, 'New')).toEqual({ rows: [], total: 0, capped: false });
    });

    it('counts a page past the end on its own, and an empty first page as none', async () => {
      expect(await read(3, 10, 'Failed')).toEqual({ rows: [], total: 3, capped: false });
      expect(await read(2, 10, 'Failed')).toEqual({ rows: [], total: 2, capped: true });
      expect(await read(5, 0, 'New')).toEqual({ rows: [], total: 0, capped: false });
    });
  });
});
