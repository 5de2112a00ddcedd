// Businesses of one company. Every function takes companyId and puts it first in its WHERE.
import { and, asc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BusinessSortField, SortTerm, UsStateCode } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { readCountedPage } from '../../db/capped-count.ts';
import { businesses } from '../../db/schema.ts';
import { inDirection } from '../../db/sort-order.ts';

const SORT_COLUMNS: Record<BusinessSortField, AnyColumn> = {
  name: businesses.name,
  createdAt: businesses.createdAt,
  state: businesses.state,
};

/** What a company may see of a business: never companyId or who created the row. */
const businessColumns = {
  id: businesses.id,
  name: businesses.name,
  ein: businesses.ein,
  dotNumber: businesses.dotNumber,
  state: businesses.state,
  addressLine: businesses.addressLine,
  city: businesses.city,
  postalCode: businesses.postalCode,
  phone: businesses.phone,
  createdAt: businesses.createdAt,
  updatedAt: businesses.updatedAt,
};


export interface BusinessValues {
  name: string;
  /** 9 digits. */
  ein: string;
  dotNumber: string | null;
  state: UsStateCode;
  addressLine: string | null;
  city: string | null;
  postalCode: string | null;
  phone: string | null;
}

export interface BusinessListQuery {
  companyId: string;
  page: number;
  size: number;
  sort: SortTerm<BusinessSortField>[];
  filter?: string;
  state?: UsStateCode;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listCompanyBusinesses(db: Executor, query: BusinessListQuery) {
  const conditions: SQL[] = [eq(businesses.companyId, query.companyId)];
  if (query.filter) {
    const matches: SQL[] = [ilike(businesses.name, likePattern(query.filter))];
    // EINs are stored as 9 digits: "12-345" should find 123456789; DOT numbers are digits too.
    const digits = query.filter.replace(/[\s-]/g, '');
    if (/^\d+$/.test(digits)) matches.push(ilike(businesses.ein, likePattern(digits)), ilike(businesses.dotNumber, likePattern(digits)));
    conditions.push(or(...matches)!);
  }
  if (query.state) conditions.push(eq(businesses.state, query.state));
  const where = and(...conditions);
  const order = query.sort.length > 0 ? query.sort : [{ field: 'createdAt' as const, direction: 'desc' as const }];
  const offset = query.page * query.size;
  return readCountedPage(db, { matching: db.select({ one: sql`1` }).from(businesses).where(where), offset }, (matchingCount) =>
    db
      .select({ ...businessColumns, matchingCount })
      .from(businesses)
      .where(where)
      .orderBy(...order.map((term) => inDirection(term.direction, SORT_COLUMNS[term.field])), asc(businesses.id))
      .limit(query.size)
      .offset(offset),
  );
}

export async function findCompanyBusiness(db: Executor, companyId: string, businessId: string) {
  const [row] = await db.select(businessColumns).from(businesses).where(and(eq(businesses.companyId, companyId), eq(businesses.id, businessId)));
  return row;
}

export async function findBusinessIdByEin(db: Executor, companyId: string, ein: string) {
  const [row] = await db.select({ id: businesses.id }).from(businesses).where(and(eq(businesses.companyId, companyId), eq(businesses.ein, ein)));
  return row?.id;
}

export async function insertBusiness(db: Executor, values: BusinessValues & { id: string; companyId: string; createdBy: string }) {
  const [row] = await db.insert(businesses).values(values).returning(businessColumns);
  return row!;
}

/** A row as the company may see it. */
export type BusinessRow = NonNullable<Awaited<ReturnType<typeof findCompanyBusiness>>>;
