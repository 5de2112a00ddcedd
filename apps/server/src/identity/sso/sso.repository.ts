// Rows of per-company single sign-on: the configuration and its email domains, sign-ins on their
// way to a provider, and our sessions a provider opened. Read before anyone is signed in, so keyed
// by domain, state or session; the configuration's writes are keyed by the admin's own company.
import { and, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, companySso, memberships, ssoEmailDomains, ssoLogins, ssoSessions, users } from '../../db/schema.ts';

export type CompanySsoRow = typeof companySso.$inferSelect;
export type SsoSessionRow = typeof ssoSessions.$inferSelect;

export async function findSsoConfig(db: Executor, companyId: string) {
  const [row] = await db.select().from(companySso).where(eq(companySso.companyId, companyId));
  if (!row) return undefined;
  const domains = await db.select({ domain: ssoEmailDomains.domain }).from(ssoEmailDomains).where(eq(ssoEmailDomains.companyId, companyId)).orderBy(ssoEmailDomains.domain);
  return { ...row, emailDomains: domains.map((d) => d.domain) };
}
export type SsoConfigRow = NonNullable<Awaited<ReturnType<typeof findSsoConfig>>>;

/** The company whose provider signs in this domain, when its single sign-on is switched on. */
export async function findSsoByDomain(db: Executor, domain: string) {
  const [row] = await db
    .select({ companyId: ssoEmailDomains.companyId, companyName: companies.name, tenantIdentifier: companies.tenantIdentifier })
    .from(ssoEmailDomains)
    .innerJoin(companySso, eq(companySso.companyId, ssoEmailDomains.companyId))
    .innerJoin(companies, eq(companies.id, ssoEmailDomains.companyId))
    .where(and(eq(ssoEmailDomains.domain, domain), eq(companySso.enabled, true)));
  return row;
}

/** Every company configuration of one provider (a back-channel logout names the issuer and the client). */
export async function ssoConfigsOfIssuer(db: Executor, issuer: string) {
  return db.select().from(companySso).where(eq(companySso.issuer, issuer));
}

/** The membership of an enabled Company Admin of the company with this email (the break-glass admin). */
export async function companyAdminByEmail(db: Executor, companyId: string, email: string) {
  return db
    .select({ userId: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(users.email, email.toLowerCase()), eq(memberships.role, 'Company Admin'), isNull(memberships.disabledAt), ne(users.status, 'DISABLED')));
}

/** Domains among these that another company already signs in with. */
export async function domainsTakenByOthers(db: Executor, companyId: string, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoEmailDomains.domain })
    .from(ssoEmailDomains)
    .where(and(inArray(ssoEmailDomains.domain, domains), ne(ssoEmailDomains.companyId, companyId)));
  return rows.map((row) => row.domain);
}

export async function saveSsoConfig(db: Executor, companyId: string, values: Omit<typeof companySso.$inferInsert, 'companyId'>, domains: string[]) {
  await db.transaction(async (tx) => {
    await tx.insert(companySso).values({ companyId, ...values }).onConflictDoUpdate({ target: companySso.companyId, set: { ...values, updatedAt: new Date() } });
    await tx.delete(ssoEmailDomains).where(eq(ssoEmailDomains.companyId, companyId));
    // The primary key keeps a domain to one company even when two admins save at once.
    await tx.insert(ssoEmailDomains).values(domains.map((domain) => ({ domain, companyId })));
  });
}

export async function deleteSsoConfig(db: Executor, companyId: string): Promise<boolean> {
  const rows = await db.delete(companySso).where(eq(companySso.companyId, companyId)).returning({ id: companySso.companyId });
  await db.delete(ssoEmailDomains).where(eq(ssoEmailDomains.companyId, companyId));
  return rows.length === 1;
}

// --- sign-ins on their way to the provider ---

export async function insertSsoLogin(db: Executor, values: typeof ssoLogins.$inferInsert) {
  // Abandoned sign-ins are swept as new ones start: the table holds only the last minutes' worth.
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
  await db.insert(ssoLogins).values(values);
}

/** Takes the sign-in of this state, once: deleting is the claim, so a replayed callback finds nothing. */
export async function takeSsoLogin(db: Executor, stateHash: string, now: Date) {
  const [row] = await db.delete(ssoLogins).where(eq(ssoLogins.stateHash, stateHash)).returning();
  return row && row.expiresAt > now ? row : undefined;
}

// --- our sessions a provider opened ---

export async function insertSsoSession(db: Executor, values: typeof ssoSessions.$inferInsert) {
  await db.insert(ssoSessions).values(values).onConflictDoNothing();
}

export async function findSsoSession(db: Executor, familyId: string): Promise<SsoSessionRow | undefined> {
  const [row] = await db.select().from(ssoSessions).where(eq(ssoSessions.familyId, familyId));
  return row;
}

/** Our sessions of a provider's session (sid) or subject: what a back-channel logout ends. */
export async function ssoSessionsOf(db: Executor, issuer: string, by: { sid?: string; sub?: string }) {
  const conditions = [
    ...(by.sid ? [eq(ssoSessions.providerSid, by.sid)] : []),
    ...(by.sub && !by.sid ? [eq(ssoSessions.subject, by.sub)] : []),
  ];
  if (conditions.length === 0) return [];
  return db.select().from(ssoSessions).where(and(eq(ssoSessions.issuer, issuer), or(...conditions)));
}
