// Users of one company. Every function takes companyId and puts it first in its WHERE: a user of
// another company is simply not there (midday's habit, STYLE.md).
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { RoleName, SortTerm, UserStatus } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { readCountedPage } from '../../db/capped-count.ts';
import { memberships, users } from '../../db/schema.ts';

export type UserSortField = 'email' | 'firstName' | 'lastName' | 'role' | 'status' | 'createdAt' | 'lastSignInAt';

// Status as the company sees it: an invited user has not yet chosen their own password.
const statusExpr = sql<UserStatus>`case when ${users.status} = 'DISABLED' then 'DISABLED' when ${users.status} = 'FORCE_CHANGE_PASSWORD' then 'INVITED' else 'ACTIVE' end`;

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
  mfaEnabled: sql<boolean>`(${users.totpEnabled} or ${users.smsMfaEnabled})`,
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
        .orderBy(...order.map((term) => (term.direction === 'desc' ? desc(SORT_COLUMNS[term.field]) : asc(SORT_COLUMNS[term.field]))), asc(users.id))
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
