// Demo data for a newcomer: two companies and a user of every role (README lists them), and for
// Acme a driver for every sandbox MVR scenario and businesses with different risk answers, so that
// every outcome can be ordered at once.
import { count } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { CreateBusinessBodySchema, CreatePersonBodySchema, type CreateBusinessBody, type CreatePersonBody, type RoleName } from '@clearlane/contract';
import type { Database } from '../db/client.ts';
import { businesses, companies, persons } from '../db/schema.ts';
import { createActiveUser, upsertCompany } from './operator.ts';

export const DEMO_PASSWORD = 'Clearlane-demo-1';

export const DEMO_USERS: { tenant: string; email: string; firstName: string; lastName: string; role: RoleName }[] = [
  { tenant: 'acme', email: 'admin@acme.test', firstName: 'Ada', lastName: 'Admin', role: 'Company Admin' },
  { tenant: 'acme', email: 'manager@acme.test', firstName: 'Max', lastName: 'Manager', role: 'Manager' },
  { tenant: 'acme', email: 'agent@acme.test', firstName: 'Aggie', lastName: 'Agent', role: 'Agent' },
  { tenant: 'acme', email: 'viewer@acme.test', firstName: 'Vic', lastName: 'Viewer', role: 'Viewer' },
  { tenant: 'globex', email: 'admin@globex.test', firstName: 'Gus', lastName: 'Globex', role: 'Company Admin' },
];

/**
 * Acme's drivers. The last digit of the licence number picks the sandbox MVR answer (0 clean …
 * 9 slow); each number fits its state's format. The date of birth ends in the same digit, so the
 * driver's person risk assessment gives the matching sandbox answer too.
 */
export const DEMO_DRIVERS: (CreatePersonBody & { scenario: string })[] = [
  { scenario: 'clean record', firstName: 'Maria', lastName: 'Lopez', dateOfBirth: '1985-03-10', licenceState: 'CA', licenceNumber: 'C4820150', externalId: 'EMP-1001' },
  { scenario: 'minor violation', firstName: 'James', lastName: 'Carter', dateOfBirth: '1979-07-21', licenceState: 'NY', licenceNumber: '472913851', externalId: 'EMP-1002' },
  { scenario: 'multiple moving violations', firstName: 'Aisha', lastName: 'Khan', dateOfBirth: '1990-11-02', licenceState: 'TX', licenceNumber: '48213572', externalId: 'EMP-1003' },
  { scenario: 'major violation (DUI)', firstName: 'Robert', lastName: 'Miller', dateOfBirth: '1968-05-13', licenceState: 'FL', licenceNumber: 'M460123456783', externalId: 'EMP-1004' },
  { scenario: 'suspended licence', firstName: 'Kevin', lastName: 'Walsh', dateOfBirth: '1992-01-24', licenceState: 'IL', licenceNumber: 'W16281234564', externalId: 'EMP-1005' },
  { scenario: 'expired licence', firstName: 'Linda', lastName: 'Nguyen', dateOfBirth: '1983-09-15', licenceState: 'WA', licenceNumber: 'WDL7K3M9P2Q5', externalId: 'EMP-1006' },
  { scenario: 'no record found', firstName: 'Samuel', lastName: 'Reed', dateOfBirth: '1975-12-06', licenceState: 'PA', licenceNumber: '31459276', externalId: 'EMP-1007' },
  { scenario: 'state not fulfilled', firstName: 'Grace', lastName: 'Kim', dateOfBirth: '1988-06-27', licenceState: 'AZ', licenceNumber: 'B04738217', externalId: 'EMP-1008' },
  { scenario: 'provider error', firstName: 'Tom', lastName: 'Fischer', dateOfBirth: '1995-02-18', licenceState: 'OH', licenceNumber: 'TF482918', externalId: 'EMP-1009' },
  { scenario: 'slow answer', firstName: 'Priya', lastName: 'Patel', dateOfBirth: '1971-10-29', licenceState: 'GA', licenceNumber: '058231749', externalId: 'EMP-1010' },
];

/** Acme's businesses: the last digit of the EIN picks the sandbox business risk answer. */
export const DEMO_BUSINESSES: (CreateBusinessBody & { scenario: string })[] = [
  { scenario: 'low risk', name: 'Bluebonnet Freight LLC', ein: '46-3810250', dotNumber: '2847101', state: 'TX', city: 'Austin', postalCode: '78701' },
  { scenario: 'open judgments (high)', name: 'Harbor Point Logistics Inc.', ein: '52-1948372', dotNumber: '1938422', state: 'CA', city: 'Oakland', postalCode: '94607' },
  { scenario: 'sanctions list match (severe)', name: 'Northwind Carriers Corp.', ein: '58-7302914', state: 'IL', city: 'Joliet', postalCode: '60431' },
  { scenario: 'business not found', name: 'Ghost Ridge Transport LLC', ein: '74-2219086', state: 'NV', city: 'Reno' },
];

/** Seeds only an empty database, so a restart never resurrects what an operator removed. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(companies);
  if (Number(row?.value ?? 0) > 0) return false;
  const acme = await upsertCompany(db, { tenantIdentifier: 'acme', name: 'Acme Logistics' });
  await upsertCompany(db, { tenantIdentifier: 'globex', name: 'Globex Insurance' });
  const userIds: Record<string, string> = {};
  for (const user of DEMO_USERS) {
    const created = await createActiveUser(db, { tenantIdentifier: user.tenant, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, password: DEMO_PASSWORD });
    userIds[user.email] = created.userId;
  }
  const createdBy = userIds['admin@acme.test'] ?? null;
  // Parsed like an API request, so demo rows are stored exactly as the API would store them.
  const drivers = DEMO_DRIVERS.map(({ scenario: _scenario, ...driver }) => CreatePersonBodySchema.parse(driver));
  await db.insert(persons).values(drivers.map((driver) => ({
    id: uuidv7(), companyId: acme.id, firstName: driver.firstName, middleName: driver.middleName ?? null, lastName: driver.lastName,
    dateOfBirth: driver.dateOfBirth, licenceNumber: driver.licenceNumber, licenceState: driver.licenceState, email: driver.email ?? null,
    phone: driver.phone ?? null, externalId: driver.externalId ?? null, createdBy,
  }))).onConflictDoNothing();
  const acmeBusinesses = DEMO_BUSINESSES.map(({ scenario: _scenario, ...business }) => CreateBusinessBodySchema.parse(business));
  await db.insert(businesses).values(acmeBusinesses.map((business) => ({
    id: uuidv7(), companyId: acme.id, name: business.name, ein: business.ein, dotNumber: business.dotNumber ?? null, state: business.state,
    addressLine: business.addressLine ?? null, city: business.city ?? null, postalCode: business.postalCode ?? null, phone: business.phone ?? null, createdBy,
  }))).onConflictDoNothing();
  return true;
}
