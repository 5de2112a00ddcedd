// Who is calling: the verified id token resolved against the database on every request, so a
// removed or disabled membership, a changed role or a sign-out takes effect at once, not at token
// expiry. One call answers all of it (user, membership, company, the session's liveness and the
// role's permissions: principal_of(), migration 0007): authentication is on every request, and
// each round trip to the database, and planning its query, was most of its cost (bench/auth-cost.ts).
// The call is a named statement, parsed and planned once per connection: unnamed, PostgreSQL parsed
// and planned it on every request, ~40 µs of its ~0.1 ms (bench/README.md).
import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildAbility, type AppAbility, type Permission, type RoleName } from '@clearlane/contract';
import { tenantScopedPoolOf, type Database } from '../db/client.ts';
import { KnownShapeStatement } from '../db/known-shape-query.ts';
import { prepareWithReader, type ReadStatement } from '../db/read-rows.ts';
import { rolePermissions } from '../db/schema.ts';
import { StatementsByShape } from '../db/statements-by-shape.ts';
import type { VerifiedIdToken } from '../session/claims.ts';

export interface Principal {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  companyId: string;
  companyName: string;
  tenantIdentifier: string;
  /** The company's plugins (features switched on), read with the membership: no extra query. */
  plugins: readonly string[];
  role: RoleName;
  permissions: Permission[];
  groups: string[];
  sessionId: string;
  ability: AppAbility;
}

export async function permissionsOfRole(db: Database, role: string): Promise<Permission[]> {
  const rows = await db.select({ action: rolePermissions.action, subject: rolePermissions.subject }).from(rolePermissions).where(eq(rolePermissions.role, role));
  return rows as Permission[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row of principal_of() (migration 0007). */
interface PrincipalRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  company_id: string;
  company_name: string;
  tenant_identifier: string;
  /** The company's plugins, read on every request: switching one off applies at once. */
  plugins: string[];
  /** The session (refresh family) has an unrevoked token: sign-out, a password reset and being disabled revoke them. */
  session_live: boolean;
  /** Read with the membership, never cached: an operator's change to a role applies on the next request of every process. */
  permissions: Permission[];
}

// principal_of()'s columns, in the order PrincipalRow's reader takes them.
const PRINCIPAL_COLUMNS = ['user_id', 'email', 'first_name', 'last_name', 'role', 'company_id', 'company_name', 'tenant_identifier', 'plugins', 'session_live', 'permissions'] as const;
const PRINCIPAL_QUERY = new PgDialect().sqlToQuery(
  sql`select ${sql.raw(PRINCIPAL_COLUMNS.join(', '))} from principal_of(${sql.placeholder('userId')}, ${sql.placeholder('companyId')}, ${sql.placeholder('sessionId')})`,
);
function readPrincipalRow(rows: unknown[][]): PrincipalRow | undefined {
  const [row] = rows;
  if (!row) return undefined;
  const [user_id, email, first_name, last_name, role, company_id, company_name, tenant_identifier, plugins, session_live, permissions] = row;
  return { user_id, email, first_name, last_name, role, company_id, company_name, tenant_identifier, plugins, session_live, permissions } as PrincipalRow;
}
const principalStatements = new StatementsByShape<ReadStatement<PrincipalRow | undefined>>('principal');
/** principal_of() as the lead of a read on a company's connection (loadPrincipalWithRead): run on a connection it holds. */
const principalStatementsOnCompanyConnections = new StatementsByShape<KnownShapeStatement | null>('principal_for_company');

/** Whether the claims can name a principal at all: our own signed tokens carry uuids here; anything else would only make the query fail. */
const claimsAreWellFormed = (claims: VerifiedIdToken) => UUID.test(claims.sub) && UUID.test(claims.companyId) && UUID.test(claims.sid);
const principalParams = (claims: VerifiedIdToken) => ({ userId: claims.sub, companyId: claims.companyId, sessionId: claims.sid });

export async function loadPrincipal(db: Database, claims: VerifiedIdToken): Promise<Principal | null> {
  if (!claimsAreWellFormed(claims)) return null;
  // One call, whose query keeps its plan in the database session (migration 0007 says why).
  const statement = principalStatements.of(db, 'principal_of', (name) => prepareWithReader(db, { toSQL: () => PRINCIPAL_QUERY }, name, readPrincipalRow));
  return principalOfRow(await statement.execute(principalParams(claims)), claims);
}

/**
 * The principal, and a read done for the company the token names, in one round trip (on
 * PostgreSQL): principal_of() is written on a connection of that company and the read's first
 * statement right behind it (TenantScopedPool.readBehind). The read's result is given only with a
 * principal of that very company; its rows are otherwise dropped, and its later statements never
 * run. The read must only read (a GET's first query). undefined where there is no pipeline
 * (PGlite): the caller loads the principal alone and reads afterwards.
 *
 * principal_of() runs here as the tenant role, under row-level security for the token's company:
 * memberships show only that company's, the one principal_of() asks for anyway (the other tables it
 * reads have no policy).
 */
export async function loadPrincipalWithRead<Result>(db: Database, claims: VerifiedIdToken, read: () => Promise<Result>): Promise<{ principal: Principal | null; result?: Result } | undefined> {
  const pool = tenantScopedPoolOf(db);
  if (!pool) return undefined;
  if (!claimsAreWellFormed(claims)) return { principal: null };
  const statement = principalStatementsOnCompanyConnections.of(db, 'principal_of', (name) => (name ? new KnownShapeStatement(pool, { name, text: PRINCIPAL_QUERY.sql, rowMode: 'array' }) : null));
  if (!statement) return undefined; // no name left for it (statements-by-shape.ts): the usual way
  const params = fillPlaceholders(PRINCIPAL_QUERY.params, principalParams(claims));
  const { lead, result } = await pool.readBehind(
    claims.companyId,
    async (client) => principalOfRow(readPrincipalRow(await statement.rowsOn(client, params)), claims),
    (principal) => principal !== null && principal.companyId === claims.companyId,
    read,
  );
  return { principal: lead, result };
}


function principalOfRow(row: PrincipalRow | undefined, claims: VerifiedIdToken): Principal | null {
  if (!row || !row.session_live) return null;
  return {
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    companyId: row.company_id,
    companyName: row.company_name,
    tenantIdentifier: row.tenant_identifier,
    plugins: row.plugins,
    role: row.role as RoleName,
    permissions: row.permissions,
    // The role as it is now, not as the id token says: a role changed since sign-in holds at once
    // (the token's `groups` catch up at its next refresh).
    groups: [row.role],
    sessionId: claims.sid,
    ability: abilityOf(row.permissions, row.company_id),
  };
}

// Building a CASL ability is pure but not free; requests of one company and role share one. The
// key is the permissions themselves as just read, so a changed role simply makes a new key: there
// is nothing to invalidate, in this process or any other.
const MAX_CACHED_ABILITIES = 1000;
const abilities = new Map<string, AppAbility>();

function abilityOf(permissions: Permission[], companyId: string): AppAbility {
  const key = `${companyId} ${JSON.stringify(permissions)}`;
  let ability = abilities.get(key);
  if (!ability) {
    if (abilities.size >= MAX_CACHED_ABILITIES) abilities.clear();
    ability = buildAbility(permissions, companyId);
    abilities.set(key, ability);
  }
  return ability;
}
