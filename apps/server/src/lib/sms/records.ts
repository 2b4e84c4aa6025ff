import type { Audience, MessageStatus } from '@academy/contracts/sms';
import { and, count, desc, eq, gte, inArray, like, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { maskSecrets } from './secret.ts';
import { smsAttempts, smsOutbox } from './sms.table.ts';

/** A message as the histories read it: a secret one with its body masked (secret.ts). */
export type SmsRow = typeof smsOutbox.$inferSelect;
export type SmsAttemptRow = typeof smsAttempts.$inferSelect;

export type SmsFilter = {
  statuses?: MessageStatus[];
  purpose?: string;
  audience?: Audience;
  batchId?: number;
  /** Digits a phone contains. */
  phone?: string;
  /** Messages about these students. */
  userIds?: number[];
  /** Not the messages about these accounts (staff texts a TA may not read). */
  exceptUserIds?: number[];
  from?: Date;
  to?: Date;
};

export type SmsRecords = {
  /** Messages newest first, with the total for paging. */
  list: (opts: { filter: SmsFilter; limit: number; offset: number }) => Promise<{ rows: SmsRow[]; total: number }>;
  get: (id: number) => Promise<SmsRow | null>;
  byIds: (ids: number[]) => Promise<SmsRow[]>;
  attempts: (messageIds: number[]) => Promise<SmsAttemptRow[]>;
  /** Messages per status of some batches: batch id → status → count. */
  batchCounts: (batchIds: number[]) => Promise<Map<number, Partial<Record<MessageStatus, number>>>>;
  /** Messages handed to the carrier (sent or delivered) per Korea-time month of sending and kind, between two dates (end included). */
  sentByMonth: (opts: { startDate: string; endDate: string }) => Promise<{ month: string; sms: number; lms: number }[]>;
};

/** A row as it may be shown: never the secret in a secret text. */
const shown = (row: SmsRow): SmsRow => (row.secret ? { ...row, body: maskSecrets(row.body) } : row);

/**
 * Reading the delivery record (the SMS area's history screens). Every row leaves masked when it is
 * secret: this is the only way the outbox is read for people, so no screen can show a secret.
 */
export function createSmsRecords(db: Db): SmsRecords {
  const where = (f: SmsFilter): SQL | undefined => {
    const parts: (SQL | undefined)[] = [
      f.statuses?.length ? inArray(smsOutbox.status, f.statuses) : undefined,
      f.purpose ? eq(smsOutbox.purpose, f.purpose) : undefined,
      f.audience ? eq(smsOutbox.audience, f.audience) : undefined,
      f.batchId !== undefined ? eq(smsOutbox.batchId, f.batchId) : undefined,
      f.phone ? like(smsOutbox.toPhone, `%${f.phone.replace(/\D/g, '')}%`) : undefined,
      f.userIds ? (f.userIds.length ? inArray(smsOutbox.userId, f.userIds) : sql`false`) : undefined,
      f.exceptUserIds?.length ? sql`(${smsOutbox.userId} is null or ${notInArray(smsOutbox.userId, f.exceptUserIds)})` : undefined,
      f.from ? gte(smsOutbox.createdAt, f.from) : undefined,
      f.to ? lt(smsOutbox.createdAt, f.to) : undefined,
    ];
    return and(...parts.filter(Boolean));
  };

  return {
    async list({ filter, limit, offset }) {
      const w = where(filter);
      const [rows, [total]] = await Promise.all([
        db.select().from(smsOutbox).where(w).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(smsOutbox).where(w),
      ]);
      return { rows: rows.map(shown), total: total?.n ?? 0 };
    },

    async get(id) {
      const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
      return row ? shown(row) : null;
    },

    async byIds(ids) {
      if (ids.length === 0) return [];
      return (await db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids))).map(shown);
    },

    async attempts(messageIds) {
      if (messageIds.length === 0) return [];
      return db.select().from(smsAttempts).where(inArray(smsAttempts.messageId, messageIds)).orderBy(smsAttempts.id);
    },

    async batchCounts(batchIds) {
      const out = new Map<number, Partial<Record<MessageStatus, number>>>();
      if (batchIds.length === 0) return out;
      const rows = await db
        .select({ batchId: smsOutbox.batchId, status: smsOutbox.status, n: count() })
        .from(smsOutbox)
        .where(inArray(smsOutbox.batchId, batchIds))
        .groupBy(smsOutbox.batchId, smsOutbox.status);
      for (const r of rows) {
        const m = out.get(r.batchId!) ?? {};
        m[r.status] = r.n;
        out.set(r.batchId!, m);
      }
      return out;
    },

    async sentByMonth({ startDate, endDate }) {
      const day = sql<string>`((${smsOutbox.sentAt} at time zone 'Asia/Seoul')::date)`;
      const month = sql<string>`to_char(${day}, 'YYYY-MM')`;
      return db
        .select({ month, sms: sql<number>`(count(*) filter (where ${smsOutbox.kind} = 'SMS'))::int`, lms: sql<number>`(count(*) filter (where ${smsOutbox.kind} = 'LMS'))::int` })
        .from(smsOutbox)
        .where(and(inArray(smsOutbox.status, ['sent', 'delivered']), sql`${day} between ${startDate}::date and ${endDate}::date`))
        .groupBy(month)
        .orderBy(month);
    },
  };
}
