import type { AuditAction, AuditEntityType, AuditLog, AuditLogQuery } from '@portal/contract';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export interface AuditRecord {
  staffUserId: string;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  entityLabel?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records a staff action. Call it inside the transaction that does the action, so the record
 * and the change land together or not at all.
 */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<void> {
  await recordAudits(tx, [record]);
}

/** Records one staff action done on many entities at once (a bulk change), in one statement. */
export async function recordAudits(tx: Executor, records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await tx.insert(auditLog).values(
    records.map((record) => ({
      staffUserId: record.staffUserId,
      action: record.action,
      entityType: record.entityType,
      entityId: record.entityId,
      entityLabel: record.entityLabel ?? null,
      before: record.before ?? null,
      after: record.after ?? null,
    })),
  );
}

/** A page of the audit log, newest first, filtered by staff member, entity type and days. */
export async function listAuditLog(db: Db, query: AuditLogQuery): Promise<AuditLog> {
  const where = and(
    query.staff_user_id ? eq(auditLog.staffUserId, query.staff_user_id) : undefined,
    query.entity_type ? eq(auditLog.entityType, query.entity_type) : undefined,
    query.date_from ? gte(auditLog.createdAt, sql`${query.date_from}::date`) : undefined,
    query.date_to
      ? lt(auditLog.createdAt, sql`(${query.date_to}::date + interval '1 day')`)
      : undefined,
  );
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(auditLog).where(where),
    db
      .select({
        entry: auditLog,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.staffUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: rows.map(({ entry, firstName, lastName, email }) => ({
      _id: entry.id,
      created_at: entry.createdAt.toISOString(),
      action: entry.action as AuditAction,
      entity_type: entry.entityType as AuditEntityType,
      entity_id: entry.entityId,
      entity_label: entry.entityLabel,
      staff: { _id: entry.staffUserId, full_name: `${firstName} ${lastName}`, email },
      before: entry.before,
      after: entry.after,
    })),
    total,
    page: query.page,
    totalPage: Math.ceil(total / query.limit),
  };
}
