// Operator actions shared by the CLI and the demo seed: companies and users made directly,
// without a signed-in admin.
import { uuidv7 } from 'uuidv7';
import { CreateUserBodySchema, TenantIdentifierSchema, KNOWN_PLUGINS, type PluginName, type RoleName } from '@clearlane/contract';
import type { Database } from '../db/client.ts';
import { memberships, users } from '../db/schema.ts';
import { findCompanyByTenant, insertCompany, updateCompany } from '../modules/company/company.repository.ts';
import { findUserByEmail } from '../identity/identity.repository.ts';
import { hashPassword } from '../identity/passwords.ts';

export interface CompanyInput {
  tenantIdentifier: string;
  name: string;
  customDomains?: string[];
  plugins?: string[];
}

export function validatePlugins(plugins: string[]): PluginName[] {
  const unknown = plugins.filter((plugin) => !(KNOWN_PLUGINS as readonly string[]).includes(plugin));
  if (unknown.length > 0) throw new Error(`Unknown plugin(s): ${unknown.join(', ')}. Known: ${KNOWN_PLUGINS.join(', ')}`);
  return plugins as PluginName[];
}

export async function upsertCompany(db: Database, input: CompanyInput) {
  const tenantIdentifier = TenantIdentifierSchema.parse(input.tenantIdentifier);
  const customDomains = (input.customDomains ?? []).map((domain) => domain.trim().toLowerCase()).filter(Boolean);
  const plugins = validatePlugins(input.plugins ?? [...KNOWN_PLUGINS]);
  const existing = await findCompanyByTenant(db, tenantIdentifier);
  if (existing) {
    await updateCompany(db, existing.id, { name: input.name, customDomains, plugins });
    return { ...existing, name: input.name, customDomains, plugins };
  }
  const company = { id: uuidv7(), tenantIdentifier, name: input.name, customDomains, plugins };
  await insertCompany(db, company);
  return company;
}

export interface DirectUserInput {
  tenantIdentifier: string;
  email: string;
  firstName: string;
  lastName: string;
  role: RoleName;
  password: string;
  phoneNumber?: string;
  smsMfa?: boolean;
  mfaRequired?: boolean;
}

/** Creates an active user with a known password (operators and demo data), or adds a membership. */
export async function createActiveUser(db: Database, input: DirectUserInput) {
  const checked = CreateUserBodySchema.parse({ email: input.email, firstName: input.firstName, lastName: input.lastName, role: input.role, phoneNumber: input.phoneNumber });
  const company = await findCompanyByTenant(db, input.tenantIdentifier);
  if (!company) throw new Error(`No company with tenant identifier "${input.tenantIdentifier}"`);
  const existing = await findUserByEmail(db, checked.email);
  const userId = existing?.id ?? uuidv7();
  if (!existing) {
    await db.insert(users).values({
      id: userId,
      email: checked.email,
      firstName: checked.firstName,
      lastName: checked.lastName,
      passwordHash: await hashPassword(input.password),
      status: 'ACTIVE',
      phoneNumber: checked.phoneNumber ?? null,
      smsMfaEnabled: Boolean(input.smsMfa && checked.phoneNumber),
      mfaRequired: Boolean(input.mfaRequired),
    });
  }
  await db.insert(memberships).values({ companyId: company.id, userId, role: checked.role }).onConflictDoNothing();
  return { userId, companyId: company.id };
}
