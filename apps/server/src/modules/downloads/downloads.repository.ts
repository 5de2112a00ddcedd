// Report bundles of one company (downloads), who downloaded them, and the MVR orders they hold.
// Every function takes companyId and puts it first in its WHERE (STYLE.md): another company's
// download is simply not there.
import { and, desc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DownloadSortField, SortTerm } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { readCountedPage } from '../../db/capped-count.ts';
import { companies, downloadAccesses, downloads, orders, users } from '../../db/schema.ts';
import { inDirection } from '../../db/sort-order.ts';

export type DownloadRow = typeof downloads.$inferSelect;
export type NewDownloadRow = typeof downloads.$inferInsert;

const MVR_TYPES = ['MVR', 'MVR_WITH_ADJUDICATION'];

const SORT_COLUMNS: Record<DownloadSortField, SQL | typeof downloads.createdAt> = {
  createdAt: downloads.createdAt,
  status: sql`${downloads.status}`,
  expiresAt: sql`${downloads.expiresAt}`,
  size: sql`${downloads.size}`,
};

/** A download as lists show it: without its order ids (up to 5,000), with the requester's name and the download count. */
const listColumns = {
  id: downloads.id, status: downloads.status, progressDone: downloads.progressDone, progressTotal: downloads.progressTotal,
  fileName: downloads.fileName, contentType: downloads.contentType, size: downloads.size, createdAt: downloads.createdAt,
  expiresAt: downloads.expiresAt, completedAt: downloads.completedAt, mergeIntoSingleReport: downloads.mergeIntoSingleReport,
  textOnly: downloads.textOnly, requestedBy: downloads.requestedBy, failureReason: downloads.failureReason,
  orderCount: sql<number>`cardinality(${downloads.mvrOrders})`.mapWith(Number),
  requesterName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  downloadCount: sql<number>`(select count(*) from ${downloadAccesses} where ${downloadAccesses.companyId} = ${downloads.companyId} and ${downloadAccesses.downloadId} = ${downloads.id})`.mapWith(Number),
};

export interface DownloadListQuery {
  companyId: string;
  /** Only this user's downloads (callers who may not see everyone's). */
  requestedBy?: string;
  page: number;
  size: number;
  sort: SortTerm<DownloadSortField>[];
}

export async function listDownloads(db: Executor, query: DownloadListQuery) {
  const conditions: SQL[] = [eq(downloads.companyId, query.companyId)];
  if (query.requestedBy) conditions.push(eq(downloads.requestedBy, query.requestedBy));
  const where = and(...conditions);
  const ordering = [
    ...(query.sort.length > 0 ? query.sort : [{ field: 'createdAt' as const, direction: 'desc' as const }]).map((term) =>
      inDirection(term.direction, SORT_COLUMNS[term.field]),
    ),
    desc(downloads.id),
  ];
  const offset = query.page * query.size;
  return readCountedPage(db, { matching: db.select({ one: sql`1` }).from(downloads).where(where), offset }, (matchingCount) =>
    db
      .select({ ...listColumns, matchingCount })
      .from(downloads)
      .leftJoin(users, eq(users.id, downloads.requestedBy))
      .where(where)
      .orderBy(...ordering)
      .limit(query.size)
      .offset(offset),
  );
}

export type DownloadListRow = Awaited<ReturnType<typeof listDownloads>>['rows'][number];

/** One download of the company, as lists show it, with its order ids. */
export async function findDownload(db: Executor, companyId: string, downloadId: string) {
  const [row] = await db
    .select({ ...listColumns, mvrOrders: downloads.mvrOrders, fileKey: downloads.fileKey })
    .from(downloads)
    .leftJoin(users, eq(users.id, downloads.requestedBy))
    .where(and(eq(downloads.companyId, companyId), eq(downloads.id, downloadId)));
  return row;
}

/** The row itself, for the build job. */
export async function findDownloadRow(db: Executor, companyId: string, downloadId: string): Promise<DownloadRow | undefined> {
  const [row] = await db.select().from(downloads).where(and(eq(downloads.companyId, companyId), eq(downloads.id, downloadId)));
  return row;
}

export async function insertDownload(db: Executor, row: NewDownloadRow) {
  await db.insert(downloads).values(row);
}

/** Updates a download only while it is Processing (a late retry never touches a finished one); returns whether it did. */
export async function updateProcessing(db: Executor, companyId: string, downloadId: string, set: Partial<NewDownloadRow>, whenFileKey?: string): Promise<boolean> {
  const conditions = [eq(downloads.companyId, companyId), eq(downloads.id, downloadId), eq(downloads.status, 'Processing')];
  if (whenFileKey) conditions.push(eq(downloads.fileKey, whenFileKey));
  const rows = await db.update(downloads).set(set).where(and(...conditions)).returning({ id: downloads.id });
  return rows.length > 0;
}

export async function insertAccess(db: Executor, access: { companyId: string; downloadId: string; userId: string }) {
  await db.insert(downloadAccesses).values({ id: uuidv7(), ...access });
}

/** The latest accesses of a download, newest first, with the user's name. */
export async function listAccesses(db: Executor, companyId: string, downloadId: string, limit: number) {
  return db
    .select({ userId: downloadAccesses.userId, at: downloadAccesses.at, userName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(downloadAccesses)
    .leftJoin(users, eq(users.id, downloadAccesses.userId))
    .where(and(eq(downloadAccesses.companyId, companyId), eq(downloadAccesses.downloadId, downloadId)))
    .orderBy(desc(downloadAccesses.at), desc(downloadAccesses.id))
    .limit(limit);
}

/** Which of `ids` are complete MVR orders of the company (the others are refused by name). */
export async function completeMvrOrderIds(db: Executor, companyId: string, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.id, ids), inArray(orders.type, MVR_TYPES), eq(orders.status, 'Complete')));
  return new Set(rows.map((row) => row.id));
}

/** The type and status of those of `ids` that are orders of the company (why the others were refused). */
export async function ordersOfCompany(db: Executor, companyId: string, ids: string[]) {
  return db.select({ id: orders.id, type: orders.type, status: orders.status }).from(orders).where(and(eq(orders.companyId, companyId), inArray(orders.id, ids)));
}

/** The complete MVR orders of a bundle, by their ids (a slice of the bundle), with what their reports need. */
export async function mvrOrdersForBundle(db: Executor, companyId: string, ids: string[]) {
  return db
    .select({
      id: orders.id, createdAt: orders.createdAt, orderedBy: orders.orderedBy, permissiblePurpose: orders.permissiblePurpose,
      result: orders.result, adjudication: orders.adjudication, subjectLabel: orders.subjectLabel,
      ordererName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.orderedBy))
    .where(and(eq(orders.companyId, companyId), inArray(orders.id, ids), inArray(orders.type, MVR_TYPES), eq(orders.status, 'Complete')));
}

/** The company of a bundle and who asked for it (email null once the user is gone), for its documents and mail. */
export async function requesterOf(db: Executor, companyId: string, userId: string) {
  const [row] = await db
    .select({
      email: users.email, firstName: users.firstName, companyName: companies.name,
      tenantIdentifier: companies.tenantIdentifier, customDomains: companies.customDomains,
    })
    .from(companies)
    .leftJoin(users, eq(users.id, userId))
    .where(eq(companies.id, companyId));
  return row;
}

/** Companies with a bundle past its day that is not yet Expired, or one still Processing since before `giveUpBefore` (the expiry job). */
export async function companiesWithDueDownloads(db: Executor, now: Date, giveUpBefore: Date): Promise<{ id: string }[]> {
  return db
    .select({ id: downloads.companyId })
    .from(downloads)
    .where(and(ne(downloads.status, 'Expired'), or(lt(downloads.expiresAt, now), and(eq(downloads.status, 'Processing'), lt(downloads.createdAt, giveUpBefore)))))
    .groupBy(downloads.companyId);
}

/** Ends the downloads matching `due` with `set` (and no file), answering the file keys they held, for removal. */
async function endDownloads(db: Executor, due: SQL | undefined, set: Partial<NewDownloadRow>): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: downloads.id, fileKey: downloads.fileKey }).from(downloads).where(due).for('update');
    if (rows.length === 0) return [];
    await tx.update(downloads).set({ ...set, fileKey: null }).where(and(due, inArray(downloads.id, rows.map((row) => row.id))));
    return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
  });
}

/** Fails the company's downloads still Processing since before `giveUpBefore` (their job was lost); answers the partial files' keys. */
export async function failLostBuilds(db: Executor, companyId: string, giveUpBefore: Date, reason: string): Promise<string[]> {
  const due = and(eq(downloads.companyId, companyId), eq(downloads.status, 'Processing'), lt(downloads.createdAt, giveUpBefore));
  return endDownloads(db, due, { status: 'Failed', failureReason: reason, completedAt: new Date() });
}

/**
 * Marks the company's bundles past their day Expired and answers the file keys to remove. A bundle
 * still Processing at its expiry (its job was lost) ends Expired too: there is nothing to keep.
 */
export async function expireDownloads(db: Executor, companyId: string, now: Date): Promise<string[]> {
  return endDownloads(db, and(eq(downloads.companyId, companyId), ne(downloads.status, 'Expired'), lt(downloads.expiresAt, now)), { status: 'Expired' });
}
