// Users of one company. Every function takes companyId and puts it first in its WHERE: a user of
// another company is simply not there (midday's habit, STYLE.md).
import { and, asc, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { RoleName, SortTerm, UserStatus } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { readCountedPage } from '../../db/capped-count.ts';
import { memberships, users } from '../../db/schema.ts';
import { inDirection } from '../../db/sort-order.ts';

export type UserSortField = 'email' | 'firstName' | 'lastName' | 'role' | 'status' | 'createdAt' | 'lastSignInAt';

// Status as the company sees it: switched off here or by an operator, invited (no password of
// their own yet) or active.
const statusExpr = sql<UserStatus>`case when ${users.status} = 'DISABLED' or ${memberships.disabledAt} is not null then 'DISABLED' when ${users.status} = 'FORCE_CHANGE_PASSWORD' then 'INVITED' else 'ACTIVE' end`;

const SORT_COLUMNS: Record<UserSortField, SQL | typeof users.email> = {
  email: users.email,
  firstName: sql`lower(${users.firstName})`,
  lastName: sql`lower(${users.lastName})`,
  role: sql`${memberships.role}`,
  status: statusExpr,
  createdAt: sql`${memberships.createdAt}`,
  lastSignInAt: sql`${users.lastSignInAt}`,
};

const summaryColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: memberships.role,
  status: statusExpr,
  enabled: sql<boolean>`(${memberships.disabledAt} is null)`,
  totpEnabled: users.totpEnabled,
  smsMfaEnabled: users.smsMfaEnabled,
  invitedAt: memberships.invitedAt,
  lastSignInAt: users.lastSignInAt,
  createdAt: memberships.createdAt,
};

export interface UserListQuery {
  companyId: string;
  page: number;
  size: number;
  sort: SortTerm<UserSortField>[];
  filter?: string;
  role?: RoleName;
  status?: UserStatus;
}

export async function listCompanyUsers(db: Executor, query: UserListQuery) {
  const conditions: SQL[] = [eq(memberships.companyId, query.companyId)];
  if (query.filter) {
    const pattern = `%${query.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))!);
  }
  if (query.role) conditions.push(eq(memberships.role, query.role));
  if (query.status) conditions.push(sql`${statusExpr} = ${query.status}`);
  const where = and(...conditions);
  const order = query.sort.length > 0 ? query.sort : [{ field: 'createdAt' as const, direction: 'desc' as const }];
  const offset = query.page * query.size;
  return readCountedPage(
    db,
    { matching: db.select({ one: sql`1` }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where), offset },
    (matchingCount) =>
      db
        .select({ ...summaryColumns, matchingCount })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(where)
        .orderBy(...order.map((term) => inDirection(term.direction, SORT_COLUMNS[term.field])), asc(users.id))
        .limit(query.size)
        .offset(offset),
  );
}

export async function findCompanyUser(db: Executor, companyId: string, userId: string) {
  const [row] = await db
    .select({ ...summaryColumns, rawStatus: users.status })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  return row;
}

export async function isMember(db: Executor, companyId: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  return row !== undefined;
}

export async function addMembership(db: Executor, values: { companyId: string; userId: string; role: RoleName; invitedBy: string | null; invitedAt: Date | null }) {
  await db.insert(memberships).values(values);
}

/** The role of the company's administrators, the one PATCH /users/{id} must never leave unfilled. */
export const COMPANY_ADMIN: RoleName = 'Company Admin';

export async function updateMembership(db: Executor, companyId: string, userId: string, values: { role?: RoleName; disabledAt?: Date | null }) {
  await db.update(memberships).set(values).where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
}

/**
 * Locks the company's Company Admin memberships until the transaction ends. Two admins demoting or
 * disabling each other at the same moment then take turns, and the second sees the first's change
 * when it counts what is left (countEnabledAdmins), so together they cannot empty the company.
 */
export async function lockCompanyAdmins(db: Executor, companyId: string): Promise<void> {
  await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, COMPANY_ADMIN)))
    .for('update');
}

/** Company Admins who can act: enabled in this company and not switched off by an operator. */
export async function countEnabledAdmins(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, COMPANY_ADMIN), isNull(memberships.disabledAt), ne(users.status, 'DISABLED')));
  return Number(row?.value ?? 0);
}
