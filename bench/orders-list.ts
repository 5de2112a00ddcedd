// GET /api/v1/orders on PostgreSQL with 1,000,000 orders over 1,000 companies, as a ratio to the
// same server answering an in-memory page of 20 orders.
//
//   node --import tsx bench/orders-list.ts                  (the full run: 2-5 minutes of loading)
//   node --import tsx bench/orders-list.ts --orders 50000   (a quick run on fewer orders)
//
// Arguments: --orders N (1000000), --companies N (1000), --keep (leave the database for psql and
// print how to drop it), --reuse <database> (measure a database a --keep run left, migrating it
// first: how a new index is tried on loaded data), --shapes abcde (measure only some shapes).
// Environment: BENCH_SECONDS (2) and
// BENCH_CONNECTIONS (10) per measured route, BENCH_ROUNDS (7: pairs of in-memory page and list
// per shape, the median pair reported; on this 2-core machine one pair's ratio moves by ±0.1 from
// one run to the next, so more, shorter pairs give a steadier median than three long ones), BENCH_POSTGRES_URL
// (postgres://postgres@127.0.0.1:5432/postgres, the server on which a throwaway database is made),
// BENCH_PRINT_SQL=1 (print each shape's SQL and parameters before its plan: to time it alone in
// pgbench, say).
//
// What it does: creates a throwaway database, migrates it with the server's own migration runner,
// bulk-loads companies (order counts Zipf-distributed, so the largest company holds ~13% of all
// orders as a big fleet would), one Manager per company and the orders with INSERT … SELECT
// generate_series, one statement per month so rows lie in time order with companies interleaved
// (as a live table fills), then VACUUM ANALYZE. It starts the real app in-process on that database,
// signs in as the Manager of the largest and of the median company, and drives five list shapes
// with autocannon: (a) the default page, (b) status+outcome filters, (c) sort by subject,
// (d) free-text filter, (e) page 50. The baseline is a route registered here only, on the same
// Fastify instance, behind the same authentication hook and serialized through the same response
// schema (pageOf(OrderSchema)), answering from memory the very page the shape answers (read once
// through the API before the shape is measured), measured right before each run of the shape: the
// ratio is the database's share. (Until 2026-12-08 every shape was compared with the default
// page's, whose in-flight orders have no report summaries nor dates of completion and review to
// write out: a lighter page than (c)'s or (b)'s, which counted their serializing as database
// cost.) For each shape it prints EXPLAIN (ANALYZE, BUFFERS) of the SQL the server really runs
// (captured from OrdersService through a logging drizzle instance): the page, which carries its
// count capped at 10,001 rows (db/capped-count.ts). Beside each pair it prints the CPU per request
// of this process (the server and autocannon share it) + the database's PostgreSQL backends (from
// /proc, when PostgreSQL runs on this machine): on 2 cores a list can be bound by either, and
// throughput alone does not say which. PostgreSQL's background work in the database during a run
// (autovacuum) is shown apart, and a pair it ran in is marked with a *.
// Loopback only; each measurement is bounded by its duration; the database is dropped at the end.
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KNOWN_PLUGINS, OrderListFilterSchema, OrderSchema, PageQuerySchema, pageOf, type Order, type Page } from '@clearlane/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { TENANT_ROLE, type Database, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { loadPrincipal } from '../apps/server/src/access/principal.ts';
import { hashPassword } from '../apps/server/src/identity/passwords.ts';
import { OrdersService } from '../apps/server/src/modules/orders/orders.service.ts';
import { openPreparedDatabase } from '../apps/server/src/runtime.ts';
import { cpuPerRequest, cpuSnapshot, ranBesideBackgroundWork, type CpuPerRequest } from './support/cpu-per-request.ts';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    companies: { type: 'string', default: '1000' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    shapes: { type: 'string', default: 'abcde' },
  },
});
const ORDER_COUNT = Number(args.orders);
const COMPANY_COUNT = Number(args.companies);
if (!Number.isInteger(ORDER_COUNT) || ORDER_COUNT < COMPANY_COUNT) throw new Error('--orders must be a whole number, at least --companies');
if (!Number.isInteger(COMPANY_COUNT) || COMPANY_COUNT < 2 || COMPANY_COUNT > 9999) throw new Error('--companies must be between 2 and 9999');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('BENCH_ROUNDS must be a whole number, at least 1');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Clearlane-demo-1';
/** Zipf exponent of orders per company: company k of n holds a share ∝ 1/k. */
const ZIPF_EXPONENT = 1;

const databaseName = args.reuse ?? `clearlane_bench_orders_${process.pid}`;
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error(`--reuse must name a database in lowercase letters, digits and _: ${databaseName}`);
const databaseUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

/** The 1-minute load average: figures taken while others use the machine are not comparable. */
const loadAverage = () => loadavg()[0]!.toFixed(1);
const seconds = (startedAt: number) => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
const thousands = (value: number) => value.toLocaleString('en-US');

/** Orders per company, largest first, summing exactly to ORDER_COUNT (the rounding goes to the largest). */
function zipfSizes(total: number, companies: number): number[] {
  const weights = Array.from({ length: companies }, (_, index) => 1 / (index + 1) ** ZIPF_EXPONENT);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((weight) => Math.max(1, Math.floor((total * weight) / sum)));
  sizes[0]! += total - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard',
  'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark',
  'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Jose', 'Donna', 'Kevin', 'Michelle', 'Brian', 'Carol', 'Luis',
  'Amanda', 'Timothy', 'Melissa', 'Ronald', 'Deborah', 'Jason', 'Stephanie', 'Ryan', 'Rebecca', 'Jacob', 'Sharon', 'Gary', 'Laura', 'Nicholas',
  'Cynthia', 'Eric', 'Dorothy', 'Jonathan', 'Amy', 'Stephen', 'Kathleen', 'Larry', 'Angela', 'Justin', 'Shirley', 'Scott', 'Emma', 'Brandon',
  'Brenda', 'Benjamin', 'Pamela', 'Samuel', 'Nicole', 'Gregory', 'Anna', 'Alexander', 'Samantha', 'Patrick', 'Katherine', 'Frank', 'Christine',
];
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez',
  'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark',
  'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams',
  'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker',
  'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood', 'James',
  'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes', 'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
];
const STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN',
  'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA',
  'WV', 'WI', 'WY',
];
const BUSINESS_SUFFIXES = ['Trucking LLC', 'Freight Inc', 'Logistics Co', 'Transport LLC', 'Haulers Inc', 'Carriers LLC'];
const TAGS = ['priority', 'new-hire', 'annual-review', 'cdl', 'contractor', 'audit'];
const PURPOSES = ['WRITTEN_CONSENT', 'INSURANCE', 'CDL_EMPLOYER_VERIFICATION', 'MOTOR_VEHICLE_SAFETY'];

/**
 * One statement for all orders: a subquery draws the random numbers of each row once (OFFSET 0
 * keeps PostgreSQL from inlining it and drawing them again per column), the outer query turns
 * them into a plausible order. Spread: MVR 45%, adjudicated MVR 25%, VIN 15%, person risk 10%,
 * business risk 5%; created over the last year; those of the last hour still in flight, older
 * ones Complete 93% / Failed 4% / Error 3%; adjudicated outcomes Pass 70% / Fail 16% /
 * Indeterminate 4% / NoResults 6% / NotFulfilled 4%; 80% of completed orders older than two weeks
 * reviewed; 30% tagged.
 */
const INSERT_ORDERS = `
INSERT INTO orders (
  id, company_id, type, status, processing_status, outcome, is_reviewed, reviewed_by, reviewed_at, input, subject_label,
  permissible_purpose, rule_namespace, is_auto_adjudicated, tags, result, failure_reason, attempts, ordered_by,
  created_at, updated_at, completed_at
)
SELECT
  -- A UUIDv7 like the server's: the creation time in milliseconds first, then random bits.
  (lpad(to_hex((extract(epoch FROM created_at) * 1000)::bigint), 12, '0') || '7' || substr(noise, 1, 3) || '8' || substr(noise, 4, 15))::uuid,
  company_id, type, status,
  CASE status WHEN 'Complete' THEN 'Complete' WHEN 'New' THEN 'NotStarted' WHEN 'Failed' THEN 'Failed' WHEN 'Error' THEN 'Failed' ELSE 'Processing' END,
  outcome,
  reviewed, CASE WHEN reviewed THEN user_id END, CASE WHEN reviewed THEN completed_at + interval '1 day' END,
  CASE WHEN type IN ('MVR', 'MVR_WITH_ADJUDICATION') THEN jsonb_build_object(
         'driver', jsonb_build_object('firstName', first_name, 'middleName', null, 'lastName', last_name, 'dateOfBirth', birth_date,
                                      'licenceNumber', licence, 'licenceState', state),
         'personId', null, 'permissiblePurpose', purpose, 'isAutoAdjudicated', type = 'MVR_WITH_ADJUDICATION',
         'ruleNamespace', CASE WHEN type = 'MVR_WITH_ADJUDICATION' THEN 'default' END, 'mvrExternalReferenceId', null)
       WHEN type = 'VIN_REPORT' THEN jsonb_build_object('vin', vin)
       WHEN type = 'PERSON_RISK_ASSESSMENT' THEN jsonb_build_object('person', jsonb_build_object('firstName', first_name, 'lastName', last_name, 'dateOfBirth', birth_date, 'state', state), 'riskAssessmentDefinitionName', 'standard')
       ELSE jsonb_build_object('business', business_name, 'riskAssessmentDefinitionName', 'standard') END,
  CASE WHEN type IN ('MVR', 'MVR_WITH_ADJUDICATION') THEN first_name || ' ' || last_name || ' (' || state || ' ' || licence || ')'
       WHEN type = 'VIN_REPORT' THEN 'VIN ' || vin
       WHEN type = 'PERSON_RISK_ASSESSMENT' THEN first_name || ' ' || last_name
       ELSE business_name END,
  CASE WHEN type IN ('MVR', 'MVR_WITH_ADJUDICATION') THEN purpose END,
  CASE WHEN type = 'MVR_WITH_ADJUDICATION' THEN 'default' END,
  type = 'MVR_WITH_ADJUDICATION',
  CASE WHEN r_tags < 0.7 THEN '{}'::text[]
       WHEN r_tags < 0.9 THEN ARRAY[($8::text[])[1 + serial % ${TAGS.length}]]
       ELSE ARRAY[($8::text[])[1 + serial % ${TAGS.length}], ($8::text[])[1 + (serial / ${TAGS.length} + 1) % ${TAGS.length}]] END,
  -- Reports as the providers write them, as far as a list reads them (a summary of the vehicle and risk ones).
  CASE WHEN status <> 'Complete' THEN NULL
       WHEN type = 'VIN_REPORT' THEN jsonb_build_object('result', 'RECORDS_FOUND', 'vin', vin, 'titles', jsonb_build_array(jsonb_build_object('date', birth_date, 'state', state, 'brand', 'CLEAN')),
         'odometer', '[]'::jsonb, 'odometerRollbackSuspected', false, 'accidents', '[]'::jsonb, 'recalls', '[]'::jsonb, 'theftRecord', false, 'reportedAt', completed_at, 'providerReference', noise)
       WHEN type IN ('PERSON_RISK_ASSESSMENT', 'BUSINESS_RISK_INFORM_REPORT') THEN jsonb_build_object(
         'result', CASE type WHEN 'PERSON_RISK_ASSESSMENT' THEN 'SUBJECT_FOUND' ELSE 'BUSINESS_FOUND' END, 'definitionName', 'standard', 'riskScore', 10, 'riskLevel', 'LOW',
         'findings', '[]'::jsonb, 'reportedAt', completed_at, 'providerReference', noise)
       ELSE jsonb_build_object('provider', 'sandbox', 'reference', noise, 'receivedAt', completed_at) END,
  CASE status WHEN 'Failed' THEN 'The state did not fulfil the request.' WHEN 'Error' THEN 'The provider did not answer after 5 retries.' END,
  CASE WHEN status = 'New' THEN 0 WHEN status = 'Error' THEN 6 ELSE 1 END,
  user_id,
  created_at, coalesce(completed_at, created_at + interval '2 seconds'), completed_at
FROM (
  SELECT typed.*,
    CASE WHEN status <> 'Complete' THEN NULL
         WHEN type = 'MVR_WITH_ADJUDICATION' THEN
           CASE WHEN r_outcome < 0.70 THEN 'Pass' WHEN r_outcome < 0.86 THEN 'Fail' WHEN r_outcome < 0.90 THEN 'Indeterminate'
                WHEN r_outcome < 0.96 THEN 'NoResults' ELSE 'NotFulfilled' END
         WHEN r_outcome < 0.05 THEN 'NoResults'
         WHEN type = 'MVR' AND r_outcome < 0.08 THEN 'NotFulfilled' END AS outcome,
    status = 'Complete' AND created_at < now() - interval '14 days' AND r_review < 0.8 AS reviewed,
    CASE WHEN status = 'Complete' THEN created_at + (20 + r_review * 600) * interval '1 second' END AS completed_at,
    ($3::text[])[1 + serial % ${FIRST_NAMES.length}] AS first_name,
    ($4::text[])[1 + (serial / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] AS last_name,
    ($5::text[])[1 + (serial / 7) % ${STATES.length}] AS state,
    'D' || lpad((serial % 10000000)::text, 7, '0') AS licence,
    make_date(1960 + (serial % 45)::int, 1 + (serial % 12)::int, 1 + (serial % 28)::int)::text AS birth_date,
    upper(substr(noise, 1, 17)) AS vin,
    ($4::text[])[1 + (serial / 3) % ${LAST_NAMES.length}] || ' ' || ($6::text[])[1 + serial % ${BUSINESS_SUFFIXES.length}] AS business_name,
    ($7::text[])[1 + serial % ${PURPOSES.length}] AS purpose
  FROM (
    SELECT raw.*,
      CASE WHEN r_type < 0.45 THEN 'MVR' WHEN r_type < 0.70 THEN 'MVR_WITH_ADJUDICATION' WHEN r_type < 0.85 THEN 'VIN_REPORT'
           WHEN r_type < 0.95 THEN 'PERSON_RISK_ASSESSMENT' ELSE 'BUSINESS_RISK_INFORM_REPORT' END AS type,
      CASE WHEN created_at > now() - interval '1 hour' THEN (ARRAY['New', 'Ordered', 'Received'])[1 + floor(r_status * 3)::int]
           WHEN r_status < 0.93 THEN 'Complete' WHEN r_status < 0.97 THEN 'Failed' ELSE 'Error' END AS status
    FROM (
      SELECT plan.company_id, plan.user_id,
        date_trunc('milliseconds', now() - interval '365 days' + ($1::int + random()) * (interval '365 days' / $2::int)) AS created_at,
        random() AS r_type, random() AS r_status, random() AS r_outcome, random() AS r_review, random() AS r_tags,
        floor(random() * 1e12)::bigint AS serial,
        md5(random()::text) AS noise
      -- This month's share of each company's orders (the remainder spread over the first months).
      FROM bench_plan plan CROSS JOIN LATERAL generate_series(1, plan.orders / $2::int + CASE WHEN $1::int < plan.orders % $2::int THEN 1 ELSE 0 END)
      OFFSET 0
    ) raw
  ) typed
) shaped
-- Rows land in the table in time order, every company's interleaved, as a live database fills.
ORDER BY created_at`;

/** Creates the companies, their Managers and tags, then the orders, in one session. */
async function loadData(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Bulk-load settings of this session only: the foreign-key triggers are skipped (the rows are
    // consistent by construction) and commits do not wait for the disk.
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET synchronous_commit = off`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query(`SELECT setseed(0.42)`);

    const sizes = zipfSizes(ORDER_COUNT, COMPANY_COUNT);
    await client.query(
      `CREATE TEMP TABLE bench_plan AS
       SELECT rank::int, gen_random_uuid() AS company_id, gen_random_uuid() AS user_id, orders
       FROM unnest($1::int[]) WITH ORDINALITY AS plan(orders, rank)`,
      [sizes],
    );
    const startedAt = performance.now();
    await client.query(
      `INSERT INTO companies (id, tenant_identifier, name, plugins, created_at)
       SELECT company_id, 'fleet-' || lpad(rank::text, 4, '0'), 'Fleet ' || rank || ' Logistics', $1::text[], now() - interval '2 years' FROM bench_plan`,
      [KNOWN_PLUGINS],
    );
    // One password hash for every Manager: argon2 is deliberately slow, and only two of them sign in.
    await client.query(
      `INSERT INTO users (id, email, first_name, last_name, password_hash, status, created_at)
       SELECT user_id, 'manager@fleet-' || lpad(rank::text, 4, '0') || '.test', 'Morgan', 'Manager ' || rank, $1, 'ACTIVE', now() - interval '2 years'
       FROM bench_plan`,
      [await hashPassword(PASSWORD)],
    );
    await client.query(`INSERT INTO memberships (company_id, user_id, role) SELECT company_id, user_id, 'Manager' FROM bench_plan`);
    await client.query(`INSERT INTO tags (company_id, name) SELECT company_id, tag FROM bench_plan, unnest($1::text[]) AS tag`, [TAGS]);
    console.log(`  ${thousands(COMPANY_COUNT)} companies, their Managers and tags: ${seconds(startedAt)}`);

    // One statement per month of the year of history: rows arrive in time order, and a slow disk
    // shows progress rather than one long silence.
    const months = 12;
    let loaded = 0;
    const ordersAt = performance.now();
    for (let month = 0; month < months; month++) {
      const { rowCount } = await client.query(INSERT_ORDERS, [month, months, FIRST_NAMES, LAST_NAMES, STATES, BUSINESS_SUFFIXES, PURPOSES, TAGS]);
      loaded += rowCount ?? 0;
      process.stdout.write(`\r  orders: ${thousands(loaded)} of ${thousands(ORDER_COUNT)} (${seconds(ordersAt)})   `);
    }
    process.stdout.write('\n');
    // Replica mode skipped the orders' triggers too, among them the one that keeps the words of
    // subjects (migration 0020): fill them as that migration's backfill does, or free text would
    // search an empty table and measure nothing.
    const wordsAt = performance.now();
    await client.query(
      `INSERT INTO order_subject_words (company_id, word, created_at, order_id)
       SELECT orders.company_id, subject_word, orders.created_at, orders.id
       FROM orders, unnest(order_subject_words_of(orders.subject_label)) AS subject_word`,
    );
    console.log(`  words of subjects: ${seconds(wordsAt)}`);
    // And the counts of orders per group that lists filtered by status, outcome, type or review
    // read (migration 0022), as its backfill writes them.
    await client.query(
      `INSERT INTO order_counts (company_id, type, status, outcome, is_reviewed, orders)
       SELECT company_id, type, status, outcome, is_reviewed, count(*) FROM orders
       GROUP BY company_id, type, status, outcome, is_reviewed`,
    );
    const vacuumAt = performance.now();
    // What autovacuum does on a live database: statistics for the planner and the visibility map
    // that lets count(*) read the index alone.
    await client.query(`VACUUM (ANALYZE) orders, order_subject_words, order_counts`);
    await client.query(`VACUUM (ANALYZE) companies, users, memberships, tags`);
    // VACUUM marks a page all-visible only when its rows are older than every open snapshot. An
    // autovacuum ANALYZE of the freshly loaded orders, started before the words were written, holds
    // such a snapshot: the words then stayed unmarked, and free text read 2,200 heap pages per
    // request where a live database (autovacuum vacuums inserted tables too) reads its index alone
    // (0.09 against 0.15 for the largest company's (d)). So vacuum again until the maps are set.
    for (let attempt = 0; attempt < 20 && !(await allVisible(client, ['orders', 'order_subject_words'])); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await client.query(`VACUUM orders, order_subject_words`);
    }
    if (!(await allVisible(client, ['orders', 'order_subject_words']))) {
      console.log('  warning: the visibility maps are still not set; index-only reads will touch the heap');
    }
    console.log(`  VACUUM ANALYZE: ${seconds(vacuumAt)}`);
  } finally {
    await client.end();
  }
}

/** Whether VACUUM marked (nearly) every page of these tables all-visible. */
async function allVisible(client: pg.Client, tables: string[]): Promise<boolean> {
  const { rows } = await client.query<{ unmarked: string }>(
    `SELECT count(*) AS unmarked FROM pg_class WHERE relname = ANY($1) AND relallvisible < 0.95 * relpages`,
    [tables],
  );
  return Number(rows[0]?.unmarked) === 0;
}

interface CompanyUnderTest {
  label: string;
  tenant: string;
  email: string;
  orders: number;
}

/** The largest company and the median one, found in the data (so --reuse works the same). */
async function companiesUnderTest(url: string): Promise<CompanyUnderTest[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tenant: string; orders: string }>(
      `SELECT c.tenant_identifier AS tenant, o.orders FROM (SELECT company_id, count(*) AS orders FROM orders GROUP BY company_id) o
       JOIN companies c ON c.id = o.company_id WHERE c.tenant_identifier LIKE 'fleet-%' ORDER BY o.orders DESC, c.tenant_identifier`,
    );
    if (rows.length < 2) throw new Error('The database has no bench companies with orders');
    const pick = (label: string, row: { tenant: string; orders: string }) => ({ label, tenant: row.tenant, email: `manager@${row.tenant}.test`, orders: Number(row.orders) });
    return [pick('largest', rows[0]!), pick('median', rows[Math.floor(rows.length / 2)]!)];
  } finally {
    await client.end();
  }
}

interface Shape {
  key: string;
  title: string;
  query: string;
}

const ALL_SHAPES: Shape[] = [
  { key: 'a', title: 'default (newest first)', query: 'page=0&size=20' },
  { key: 'b', title: 'status=Complete&outcome=Fail', query: 'page=0&size=20&status=Complete&outcome=Fail' },
  { key: 'c', title: 'sort=subjectLabel', query: 'page=0&size=20&sort=subjectLabel,asc' },
  { key: 'd', title: 'filter=martin (free text)', query: 'page=0&size=20&filter=martin' },
  { key: 'e', title: 'page=50 (deep page)', query: 'page=50&size=20' },
];
const SHAPES = ALL_SHAPES.filter((shape) => args.shapes.includes(shape.key));
if (SHAPES.length === 0) throw new Error('--shapes must name some of a, b, c, d, e');

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Scan Direction'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Heap Fetches'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Sort Method'?: string;
  'Workers Launched'?: number;
  'Subplan Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
interface Explained {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
  JIT?: { Timing?: { Total?: number } };
}

/** "Limit 20 ← Index Scan Backward orders_created_idx 20": each node with the rows it produced. */
function describePlan(node: PlanNode): string {
  const parts: string[] = [];
  const visit = (current: PlanNode) => {
    const rows = current['Actual Rows'] * current['Actual Loops'];
    const scan = current['Scan Direction'] === 'Backward' ? ' Backward' : '';
    const name = current['Index Name'] ? ` ${current['Index Name']}` : current['Relation Name'] ? ` on ${current['Relation Name']}` : '';
    const extras = [
      current['Heap Fetches'] !== undefined ? `heap fetches ${thousands(current['Heap Fetches'])}` : '',
      current['Rows Removed by Filter'] ? `filtered out ${thousands(current['Rows Removed by Filter'] * current['Actual Loops'])}` : '',
      current['Rows Removed by Index Recheck'] ? `rechecked out ${thousands(current['Rows Removed by Index Recheck'])}` : '',
      current['Sort Method'] ? current['Sort Method'] : '',
      current['Workers Launched'] ? `${current['Workers Launched']} workers` : '',
    ].filter(Boolean);
    const subplan = current['Subplan Name'] ? `[${current['Subplan Name'].replace(/ \(returns .*\)$/, '')}] ` : '';
    parts.push(`${subplan}${current['Node Type']}${scan}${name} ${thousands(rows)}${extras.length ? ` (${extras.join(', ')})` : ''}`);
    for (const child of current.Plans ?? []) visit(child);
  };
  visit(node);
  return parts.join(' ← ');
}

/**
 * EXPLAIN ANALYZE of a query run twice: the second run, on a warm cache, is the one reported. It
 * runs as the server runs company work — the tenant role under row-level security, with the
 * company set (db/tenant-scope.ts) — because the policies change which plans are allowed.
 */
async function explain(pool: pg.Pool, companyId: string, sql: string, params: unknown[]): Promise<Explained> {
  const explainSql = `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`;
  const client = await pool.connect();
  try {
    await client.query(`SELECT set_config('role', $1, false), set_config('app.company_id', $2, false)`, [TENANT_ROLE, companyId]);
    await client.query(explainSql, params);
    const { rows } = await client.query<{ 'QUERY PLAN': Explained[] }>(explainSql, params);
    return rows[0]!['QUERY PLAN'][0]!;
  } finally {
    await client.query(`SELECT set_config('role', 'none', false), set_config('app.company_id', '', false)`);
    client.release();
  }
}

interface CapturedQuery {
  sql: string;
  params: unknown[];
}

async function main() {
  const createdHere = !args.reuse;
  console.log(`Clearlane bench: orders-list — PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s per route, Node ${process.version}, ${availableParallelism()} cores, load average ${loadAverage()}`);
  if (createdHere) {
    await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
    console.log(`Loading ${thousands(ORDER_COUNT)} orders over ${thousands(COMPANY_COUNT)} companies into ${databaseName}:`);
  } else {
    console.log(`Reusing the database ${databaseName} (migrating it first)`);
  }
  let dropAtEnd = createdHere && !args.keep;
  const onInterrupt = () => {
    // Ctrl-C during a long load: still drop the throwaway database (FORCE closes our sessions).
    const drop = dropAtEnd ? withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)) : Promise.resolve();
    void drop.finally(() => process.exit(130));
  };
  process.once('SIGINT', onInterrupt);

  let handle: DatabaseHandle | undefined;
  let server: FastifyInstance | undefined;
  let captureClient: pg.Pool | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: '0',
      // The run outlasts the default 15-minute id token when loading is slow.
      ID_TOKEN_TTL_SECONDS: '7200',
    });
    const migrateAt = performance.now();
    handle = await openPreparedDatabase(config, { seedDemo: false });
    console.log(`  migrations: ${seconds(migrateAt)}`);
    if (createdHere) await loadData(databaseUrl);
    const subjects = await companiesUnderTest(databaseUrl);

    const { app, services } = await buildApp({ config, db: handle.db });
    server = app;

    // The baseline: the same authentication hook and response schema as GET /orders, no database
    // work beyond authentication. Registered before the app is ready, filled once a page is known.
    let memoryPage: Page<Order> | undefined;
    await app.register(async (scope) => {
      scope.addHook('onRequest', app.authenticate);
      scope.withTypeProvider<ZodTypeProvider>().get('/orders-in-memory', { schema: { hide: true, response: { 200: pageOf(OrderSchema) } } }, async () => {
        if (!memoryPage) throw new Error('the in-memory page is not ready');
        return memoryPage;
      });
    }, { prefix: '/api/v1/bench' });

    // A second drizzle instance on the same database with a logger: OrdersService.list run through
    // it reveals the exact SQL and parameters the route sends, which are then EXPLAINed.
    captureClient = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const captured: CapturedQuery[] = [];
    const captureDb = drizzle(captureClient, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } }) as unknown as Database;
    const capturingOrders = new OrdersService(captureDb, () => undefined);
    const ListQuerySchema = PageQuerySchema.extend(OrderListFilterSchema.shape);

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const base = address.replace('[::1]', '127.0.0.1');

    // autocannon stops sending at the end of its duration, but queries already queued still run:
    // wait for the database to be idle so one measurement never pays for the previous one.
    const settle = async () => {
      for (;;) {
        const { rows } = await captureClient!.query<{ busy: number }>(
          `SELECT count(*)::int AS busy FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
        );
        if (rows[0]!.busy === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const cpuOfRun = new WeakMap<Result, CpuPerRequest>();
    const measure = async (title: string, path: string, idToken: string): Promise<Result> => {
      const headers = { authorization: `Bearer ${idToken}` };
      // A short warm-up (JIT, connection pools, buffer cache), then the measured run.
      await autocannon({ url: base + path, connections: CONNECTIONS, duration: 1, headers });
      await settle();
      // A generous timeout: a slow shape is a finding to print, not a failed run.
      const before = await cpuSnapshot(captureClient!);
      const result = await autocannon({ title, url: base + path, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 60 });
      cpuOfRun.set(result, cpuPerRequest(before, await cpuSnapshot(captureClient!), Math.max(1, result['2xx'])));
      if (result.non2xx || result.errors || result.timeouts) {
        throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts (${JSON.stringify(result.statusCodeStats)})`);
      }
      await settle();
      return result;
    };
    /** Requests per second over the whole run (autocannon's per-second average rounds slow routes to 0). */
    const perSecond = (result: Result) => result['2xx'] / result.duration;
    const figures = (result: Result) =>
      result['2xx'] === 0
        ? `${'0'.padStart(6)} req/s   (no answer within ${SECONDS} s)`
        : `${perSecond(result).toFixed(perSecond(result) < 10 ? 1 : 0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms`;
    /** CPU per request: this process (server and autocannon) + PostgreSQL's backends of the database. */
    const cpu = (result: Result) => {
      const used = cpuOfRun.get(result);
      if (!used) return '?';
      // PostgreSQL's own background work in the database during the run (autovacuum of a freshly
      // loaded table): CPU taken from the list on 2 cores, shown so such a run is not read as the list's cost.
      const background = ranBesideBackgroundWork(used)
        ? ` [background ${used.background === null ? '?' : used.background.toFixed(2)} ms${used.maintenanceRuns > 0 ? `, ${used.maintenanceRuns} autovacuum/analyze` : ''}]`
        : '';
      return `${used.process.toFixed(2)}+${used.database === null ? '?' : used.database.toFixed(2)} ms${background}`;
    };
    const row = (title: string, result: Result, baseline: Result) => {
      const ratio = perSecond(result) / perSecond(baseline);
      return `  ${title.padEnd(32)} ${figures(result)}   in-memory ${perSecond(baseline).toFixed(0).padStart(4)} req/s   ratio ${ratio.toFixed(2)}` +
        (ratio > 0 ? ` (${(1 / ratio).toFixed(1)}× the in-memory cost)` : '') + `   CPU/request ${cpu(result)} (in-memory ${cpu(baseline)})`;
    };

    const summary: string[] = [];
    for (const subject of subjects) {
      const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: subject.email, password: PASSWORD } });
      const signedIn = signIn.json();
      if (signIn.statusCode !== 200 || signedIn.nextStep !== 'DONE') throw new Error(`sign-in of ${subject.email} failed: ${signIn.statusCode} ${signIn.body}`);
      const idToken: string = signedIn.tokens.idToken;
      const claims = await services.tokens.verifyIdToken(idToken);
      const principal = claims ? await loadPrincipal(handle.db, claims) : null;
      if (!principal) throw new Error(`no principal for ${subject.email}`);

      /** The page a shape answers, as the API gives it: that shape's in-memory baseline. */
      const pageOfShape = async (shape: Shape): Promise<Page<Order>> => {
        const answer = await app.inject({ method: 'GET', url: `/api/v1/orders?${shape.query}`, headers: { authorization: `Bearer ${idToken}` } });
        if (answer.statusCode !== 200) throw new Error(`GET /orders?${shape.query} answered ${answer.statusCode}: ${answer.body}`);
        return answer.json<Page<Order>>();
      };

      console.log(`\n${subject.label} company ${subject.tenant}: ${thousands(subject.orders)} orders`);
      console.log('  query plans (EXPLAIN ANALYZE, BUFFERS; second run, warm cache):');
      for (const shape of SHAPES) {
        captured.length = 0;
        await capturingOrders.list(principal, ListQuerySchema.parse(Object.fromEntries(new URLSearchParams(shape.query))));
        const queries = [...captured];
        // One statement: the page with its capped count as a column; a page past the end has no
        // row to carry the count, which then follows alone.
        if (queries.length < 1 || queries.length > 2) throw new Error(`expected the page (and maybe its count alone), captured ${queries.length} statements`);
        for (const query of queries) {
          if (process.env.BENCH_PRINT_SQL) console.log(`  (${shape.key}) SQL: ${query.sql}\n      params: ${JSON.stringify(query.params)}`);
          const plan = await explain(captureClient, principal.companyId, query.sql, query.params);
          const hit = plan.Plan['Shared Hit Blocks'] ?? 0;
          const read = plan.Plan['Shared Read Blocks'] ?? 0;
          const jit = plan.JIT ? `, JIT ${plan.JIT.Timing?.Total?.toFixed(1) ?? '?'} ms` : '';
          // The page, with its count inside it or (before the capped count) beside it.
          const kind = /^select \(select count/i.test(query.sql) || /^select count/i.test(query.sql) ? 'count' : / as matching\)/.test(query.sql) ? 'page+count' : 'page';
          console.log(`  (${shape.key}) ${kind} ${plan['Execution Time'].toFixed(2).padStart(8)} ms  buffers ${thousands(hit + read)}${jit}  ${describePlan(plan.Plan)}`);
        }
      }

      console.log(`  throughput (${CONNECTIONS} connections, ${SECONDS} s each; per shape ${ROUNDS} pairs of the in-memory page and the list, the median pair shown):`);
      for (const shape of SHAPES) {
        // Each run paired with its own baseline, and the pair of median ratio kept: on a shared
        // machine the load drifts between measurements, and one pair can catch a burst.
        const pairs: { baseline: Result; result: Result; ratio: number }[] = [];
        // The baseline answers this shape's own page from memory (the comment at the top says why).
        memoryPage = await pageOfShape(shape);
        for (let round = 0; round < ROUNDS; round++) {
          const baseline = await measure('in-memory page', '/api/v1/bench/orders-in-memory', idToken);
          const result = await measure(shape.title, `/api/v1/orders?${shape.query}`, idToken);
          pairs.push({ baseline, result, ratio: perSecond(result) / perSecond(baseline) });
        }
        pairs.sort((x, y) => x.ratio - y.ratio);
        const { baseline, result } = pairs[Math.floor(pairs.length / 2)]!;
        // A pair disturbed by PostgreSQL's background work is marked with a *.
        const disturbed = (pair: { baseline: Result; result: Result }) =>
          [pair.baseline, pair.result].some((run) => { const used = cpuOfRun.get(run); return used !== undefined && ranBesideBackgroundWork(used); });
        const spread = ROUNDS > 1 ? `   [ratios ${pairs.map((pair) => `${pair.ratio.toFixed(2)}${disturbed(pair) ? '*' : ''}`).join(' ')}]` : '';
        const line = row(`(${shape.key}) ${shape.title}`, result, baseline) + spread;
        console.log(line);
        summary.push(`${subject.label.padEnd(8)}${line}`);
      }
    }
    console.log(`\nratio = list ÷ in-memory page throughput (1.00 = no database cost); target: ≥ 0.50 for every shape (within 2×); load average ${loadAverage()}`);
    for (const line of summary) console.log(line);
  } finally {
    await server?.close();
    await captureClient?.end();
    await handle?.close();
    if (dropAtEnd) {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
      dropAtEnd = false;
    } else if (createdHere) {
      console.log(`\nKept the database: psql ${databaseUrl}   (drop it: psql ${ADMIN_URL} -c 'DROP DATABASE ${databaseName}')`);
      console.log(`Measure it again: node --import tsx bench/orders-list.ts --reuse ${databaseName}`);
    }
    process.off('SIGINT', onInterrupt);
  }
}

await main();
