/**
 * The audit module: every back-office write recorded with who, when, and the record before and after, in the
 * transaction that makes the write. Orders, refunds, returns and the back office write here; it reads no other
 * module.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '@boutique/contracts/admin';
import type { Database } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';

export type AuditEntity =
  | 'product'
  | 'order'
  | 'gallery'
  | 'message'
  | 'return'
  | 'mail'
  | 'shipping_zone'
  | 'discount'
  | 'customer'
  | 'collection'
  | 'staff_invitation'
  | 'user';

export interface AuditRecord {
  actorId: number;
  action: string;
  entity: AuditEntity;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one admin write. Called inside the transaction that makes the write, so the record exists exactly
 * when the change does.
 */
export async function recordAudit(tx: Database, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** The writes made to one record, newest first. */
export async function auditOf(
  db: Database,
  entity: AuditEntity,
  entityId: number,
  limit = 100,
): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: auditLog, actor: { id: users.id, name: users.name, email: users.email } })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, actor }) => ({
    id: entry.id,
    at: entry.createdAt.toISOString(),
    actor: actor?.id ? actor : null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
}
