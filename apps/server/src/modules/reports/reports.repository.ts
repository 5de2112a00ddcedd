// Report groups of one company with their orders. companyId leads every WHERE.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, reportGroups } from '../../db/schema.ts';

export async function findReportGroup(db: Executor, companyId: string, groupId: string) {
  const [group] = await db.select().from(reportGroups).where(and(eq(reportGroups.companyId, companyId), eq(reportGroups.id, groupId)));
  if (!group) return undefined;
  const members = await db
    .select({ id: orders.id, type: orders.type, status: orders.status, outcome: orders.outcome, subjectLabel: orders.subjectLabel })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.reportGroupId, groupId)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return { group, members };
}
