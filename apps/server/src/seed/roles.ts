// Seeds the default permission table. Roles already in the database keep what an operator set.
import { DEFAULT_ROLE_PERMISSIONS, ROLE_NAMES } from '@clearlane/contract';
import type { Database } from '../db/client.ts';
import { rolePermissions } from '../db/schema.ts';

export async function seedRolePermissions(db: Database) {
  const existing = new Set((await db.selectDistinct({ role: rolePermissions.role }).from(rolePermissions)).map((row) => row.role));
  const rows = ROLE_NAMES.filter((role) => !existing.has(role)).flatMap((role) => DEFAULT_ROLE_PERMISSIONS[role].map((p) => ({ role, ...p })));
  if (rows.length > 0) await db.insert(rolePermissions).values(rows).onConflictDoNothing();
}
