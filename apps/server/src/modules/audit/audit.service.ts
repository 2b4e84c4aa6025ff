import type { DbOrTx } from '../../db/client.ts';
import { auditLogs } from './audit.table.ts';

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Records a write. Call inside the same transaction as the write so both land or neither. */
export async function recordAudit(tx: DbOrTx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await tx.insert(auditLogs).values(
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
