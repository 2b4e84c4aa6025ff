import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLogs } from './audit.table.ts';

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

export type Audit = { record: (entries: AuditEntry | AuditEntry[]) => Promise<void> };

/**
 * The audit trail (who changed what, when, before and after), a kernel mechanism every module
 * uses through `ctx.audit`. It writes through the database handle, so called inside a transaction
 * it lands or rolls back with the change it describes.
 */
export function createAudit(db: Db): Audit {
  return { record: (entries) => recordAudit(db, entries) };
}

/** Records a write. Call inside the same transaction as the write so both land or neither. */
export async function recordAudit(db: DbOrTx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await db.insert(auditLogs).values(
    list.map((e) => ({
      actorId: e.actorId,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId == null ? null : String(e.entityId),
      before: e.before ?? null,
      after: e.after ?? null,
    })),
  );
}
