import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompany(db: Executor, companyId: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function findCompanyByTenant(db: Executor, tenantIdentifier: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.tenantIdentifier, tenantIdentifier));
  return row;
}

export async function insertCompany(db: Executor, values: typeof companies.$inferInsert) {
  await db.insert(companies).values(values);
}

export async function updateCompany(db: Executor, companyId: string, values: Partial<typeof companies.$inferInsert>) {
  await db.update(companies).set(values).where(eq(companies.id, companyId));
}

export async function listCompanies(db: Executor) {
  return db.select().from(companies).orderBy(companies.tenantIdentifier);
}
