// Who is calling: the verified id token resolved against the database on every request, so a
// removed membership, a changed role or a sign-out takes effect at once, not at token expiry.
import { and, eq } from 'drizzle-orm';
import { buildAbility, type AppAbility, type Permission, type RoleName } from '@clearlane/contract';
import type { Database } from '../db/client.ts';
import { companies, memberships, rolePermissions, users } from '../db/schema.ts';
import type { VerifiedIdToken } from '../session/claims.ts';
import { isFamilyLive } from '../session/families.ts';

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

export async function loadPrincipal(db: Database, claims: VerifiedIdToken): Promise<Principal | null> {
  const [row] = await db
    .select({
      userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, status: users.status,
      role: memberships.role, companyId: companies.id, companyName: companies.name, tenantIdentifier: companies.tenantIdentifier,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(users.id, claims.sub), eq(memberships.companyId, claims.companyId)));
  if (!row || row.status === 'DISABLED') return null;
  if (!(await isFamilyLive(db, claims.sid))) return null;
  const permissions = await permissionsOfRole(db, row.role);
  return {
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyId: row.companyId,
    companyName: row.companyName,
    tenantIdentifier: row.tenantIdentifier,
    role: row.role as RoleName,
    permissions,
    groups: claims.groups,
    sessionId: claims.sid,
    ability: buildAbility(permissions, row.companyId),
  };
}
