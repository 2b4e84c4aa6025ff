import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { insertRows } from '../../db/sql.ts';
import { auditLogs } from './audit.table.ts';

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

export type AuditRecord = { at: Date; actorId: number | null; action: string; before: unknown; after: unknown };

export type Audit = {
  record: (entries: AuditEntry | AuditEntry[]) => Promise<void>;
  /** The trail of one thing, oldest first (a score cell's history, shown to staff). */
  historyOf: (opts: { entity: string; entityId: string | number }) => Promise<AuditRecord[]>;
};

/**
 * The audit trail (who changed what, when, before and after), a kernel mechanism every module
 * uses through `ctx.audit`. It writes through the database handle, so called inside a transaction
 * it lands or rolls back with the change it describes.
 */
export function createAudit(db: Db): Audit {
  return {
    record: (entries) => recordAudit(db, entries),
    async historyOf(opts) {
      const rows = await db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, opts.entity), eq(auditLogs.entityId, String(opts.entityId))))
        .orderBy(asc(auditLogs.id));
      return rows.map((r) => ({ at: r.createdAt, actorId: r.actorId, action: r.action, before: r.before, after: r.after }));
    },
  };
}

/** Records a write. Call inside the same transaction as the write so both land or neither. */
export async function recordAudit(db: DbOrTx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const a = auditLogs;
  // One statement however many entries (an import records thousands): db/sql.ts insertRows.
  await insertRows(
    db,
    a,
    [a.actorId, a.action, a.entity, a.entityId, a.before, a.after],
    list.map((e) => [e.actorId, e.action, e.entity, e.entityId == null ? null : String(e.entityId), e.before ?? null, e.after ?? null]),
  );
}
