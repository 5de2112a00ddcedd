// Demo data for a newcomer: two companies and a user of every role (README lists them).
import { count } from 'drizzle-orm';
import type { RoleName } from '@clearlane/contract';
import type { Database } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { createActiveUser, upsertCompany } from './operator.ts';

export const DEMO_PASSWORD = 'Clearlane-demo-1';

export const DEMO_USERS: { tenant: string; email: string; firstName: string; lastName: string; role: RoleName }[] = [
  { tenant: 'acme', email: 'admin@acme.test', firstName: 'Ada', lastName: 'Admin', role: 'Company Admin' },
  { tenant: 'acme', email: 'manager@acme.test', firstName: 'Max', lastName: 'Manager', role: 'Manager' },
  { tenant: 'acme', email: 'agent@acme.test', firstName: 'Aggie', lastName: 'Agent', role: 'Agent' },
  { tenant: 'acme', email: 'viewer@acme.test', firstName: 'Vic', lastName: 'Viewer', role: 'Viewer' },
  { tenant: 'globex', email: 'admin@globex.test', firstName: 'Gus', lastName: 'Globex', role: 'Company Admin' },
];

/** Seeds only an empty database, so a restart never resurrects what an operator removed. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(companies);
  if (Number(row?.value ?? 0) > 0) return false;
  await upsertCompany(db, { tenantIdentifier: 'acme', name: 'Acme Logistics' });
  await upsertCompany(db, { tenantIdentifier: 'globex', name: 'Globex Insurance' });
  for (const user of DEMO_USERS) {
    await createActiveUser(db, { tenantIdentifier: user.tenant, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, password: DEMO_PASSWORD });
  }
  return true;
}
