// Who is calling: the verified id token resolved against the database on every request, so a
// removed or disabled membership, a changed role or a sign-out takes effect at once, not at token
// expiry. One query answers all of it (user, membership, company, the session's liveness and the
// role's permissions): authentication is on every request, and each round trip to the database
// was most of its cost (bench/auth-cost.ts).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { buildAbility, type AppAbility, type Permission, type RoleName } from '@clearlane/contract';
import type { Database } from '../db/client.ts';
import { companies, memberships, rolePermissions, users } from '../db/schema.ts';
import type { VerifiedIdToken } from '../identity/tokens.ts';

export interface Principal {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  companyId: string;
  companyName: string;
  tenantIdentifier: string;
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

/**
 * The one query, prepared once per database: on PostgreSQL it becomes a named statement that each
 * connection plans once instead of on every request, and drizzle stops rebuilding its SQL text.
 */
function principalQuery(db: Database) {
  return db
    .select({
      userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName,
      role: memberships.role, companyId: companies.id, companyName: companies.name, tenantIdentifier: companies.tenantIdentifier,
      // The session (refresh family) is live while one of its tokens is unrevoked: sign-out,
      // a password reset and being switched off revoke them.
      sessionLive: sql<boolean>`exists (select 1 from refresh_tokens rt where rt.family_id = ${sql.placeholder('sid')} and rt.user_id = ${users.id} and rt.revoked_at is null)`,
      // Read with the membership, never cached: an operator's change to a role's permissions
      // applies on the next request of every server process.
      permissions: sql<Permission[]>`coalesce((select json_agg(json_build_object('action', rp.action, 'subject', rp.subject) order by rp.action, rp.subject) from role_permissions rp where rp.role = ${memberships.role}), '[]'::json)`,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(
      eq(users.id, sql.placeholder('sub')),
      eq(memberships.companyId, sql.placeholder('companyId')),
      isNull(memberships.disabledAt),
      sql`${users.status} <> 'DISABLED'`,
    ))
    .prepare('load_principal');
}

const preparedQueries = new WeakMap<Database, ReturnType<typeof principalQuery>>();

export async function loadPrincipal(db: Database, claims: VerifiedIdToken): Promise<Principal | null> {
  // Our own signed tokens carry uuids here; anything else would only make the query fail.
  if (!UUID.test(claims.sub) || !UUID.test(claims.companyId) || !UUID.test(claims.sid)) return null;
  let query = preparedQueries.get(db);
  if (!query) {
    query = principalQuery(db);
    preparedQueries.set(db, query);
  }
  const [row] = await query.execute({ sub: claims.sub, companyId: claims.companyId, sid: claims.sid });
  if (!row || !row.sessionLive) return null;
  return {
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyId: row.companyId,
    companyName: row.companyName,
    tenantIdentifier: row.tenantIdentifier,
    role: row.role as RoleName,
    permissions: row.permissions,
    groups: claims.groups,
    sessionId: claims.sid,
    ability: abilityOf(row.permissions, row.companyId),
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
