import { addDays } from '@academy/contracts/dates';
import { compareKorean, normalizePhone, phoneDigits } from '@academy/contracts/format';
import { MESSAGE_STATUSES, SMS_ERRORS, type MessageStatus, type SmsBatch, type SmsHistoryMessage, type SmsRecipient, type historyQuery } from '@academy/contracts/sms';
import { count, desc, eq } from 'drizzle-orm';
import { hasPermission } from '@academy/contracts/roles';
import type { z } from 'zod';
import { appError } from '../../lib/errors.ts';
import type { AccessClaims } from '../../lib/tokens.ts';
import type { SmsRow } from '../../lib/sms/records.ts';
import type { SmsDeps } from './sms.deps.ts';
import { smsBatches } from './sms.table.ts';

/** Midnight in Korea of a calendar date, as an instant. */
const kstMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00+09:00`);

/**
 * The delivery record as staff read it: sends (batches) with their counts per status, every
 * message with its status and reason, one message with every attempt; resending failed ones and
 * cancelling a scheduled send. The messages are the kernel's outbox (`ctx.sms.records`).
 */
export function createHistoryService(deps: Pick<SmsDeps, 'ctx' | 'users' | 'students' | 'lectures'>) {
  const { ctx, users, students, lectures } = deps;
  const { db } = ctx;

  /**
   * The accounts whose texts this viewer may not read: for a TA below ADMIN, every other staff
   * account (their reset links and security notices carry their phones; issue 34 item 1).
   */
  async function hiddenFor(viewer: AccessClaims): Promise<number[]> {
    if (hasPermission(viewer, 'ADMIN')) return [];
    const staff = [...(await users.idsOf('TA')), ...(await users.idsOf('ADMIN'))];
    return staff.filter((id) => id !== viewer.userId);
  }

  async function toMessages(rows: SmsRow[]): Promise<SmsHistoryMessage[]> {
    const names = await users.directory(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])));
    return rows.map((r) => ({
      id: r.id, batchId: r.batchId, createdAt: r.createdAt.toISOString(), sendAfter: r.sendAfter.toISOString(), toPhone: r.toPhone,
      recipientName: r.userId === null ? null : (names.get(r.userId)?.name ?? null), audience: r.audience, purpose: r.purpose, kind: r.kind,
      advertising: r.advertising, status: r.status, result: r.result, attempts: r.attempts, provider: r.provider,
      sentAt: r.sentAt?.toISOString() ?? null, doneAt: r.doneAt?.toISOString() ?? null, body: r.body, secret: r.secret, resendOf: r.resendOf,
    }));
  }

  return {
    async batches(opts: { page: number; size: number }): Promise<{ items: SmsBatch[]; totalCount: number }> {
      const [rows, [total]] = await Promise.all([
        db.select().from(smsBatches).orderBy(desc(smsBatches.createdAt), desc(smsBatches.id)).limit(opts.size).offset((opts.page - 1) * opts.size),
        db.select({ n: count() }).from(smsBatches),
      ]);
      const [byBatch, names] = await Promise.all([ctx.sms.records.batchCounts(rows.map((r) => r.id)), users.directory(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])))]);
      return {
        items: rows.map((b) => {
          const c = byBatch.get(b.id) ?? {};
          return {
            id: b.id, createdAt: b.createdAt.toISOString(), createdByName: b.createdBy === null ? null : (names.get(b.createdBy)?.name ?? null), purpose: b.purpose,
            title: b.title, audience: b.audience, advertising: b.advertising, sendAt: b.sendAt.toISOString(), total: b.total,
            counts: Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, c[s] ?? 0])) as Record<MessageStatus, number>,
          };
        }),
        totalCount: total?.n ?? 0,
      };
    },

    async messages(q: z.output<typeof historyQuery>, viewer: AccessClaims): Promise<{ items: SmsHistoryMessage[]; totalCount: number }> {
      let phone: string | undefined;
      let userIds: number[] | undefined;
      if (q.q) {
        // Digits search the number; a name searches the students it belongs to.
        if (/^[\d-]+$/.test(q.q)) phone = phoneDigits(q.q);
        else userIds = (await students.list({ page: 1, pageSize: 200, sortField: 'name', sortDir: 'asc', status: 'all', search: q.q })).nodes.map((s) => s.id);
      }
      const { rows, total } = await ctx.sms.records.list({
        filter: {
          batchId: q.batchId, statuses: q.status ? [q.status] : undefined, purpose: q.purpose, audience: q.audience, phone, userIds, exceptUserIds: await hiddenFor(viewer),
          from: q.from ? kstMidnight(q.from) : undefined, to: q.to ? kstMidnight(addDays(q.to, 1)) : undefined,
        },
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      return { items: await toMessages(rows), totalCount: total };
    },

    async message(id: number, viewer: AccessClaims) {
      const row = await ctx.sms.records.get(id);
      if (!row || (row.userId !== null && (await hiddenFor(viewer)).includes(row.userId))) throw appError(SMS_ERRORS.message_not_found, `문자를 찾을 수 없습니다 (ID ${id})`);
      const [m] = await toMessages([row]);
      const attempts = await ctx.sms.records.attempts([id]);
      return { ...m!, attemptLog: attempts.map((a) => ({ at: a.at.toISOString(), driver: a.driver, outcome: a.outcome, detail: a.detail })) };
    },

    /** Failed messages go again as new messages (each pointing to the one it resends), in one batch. */
    async resend(opts: { messageIds: number[]; actor: AccessClaims }): Promise<{ queued: number }> {
      const hidden = new Set(await hiddenFor(opts.actor));
      const rows = (await ctx.sms.records.byIds([...new Set(opts.messageIds)])).filter((r) => r.userId === null || !hidden.has(r.userId));
      const missing = opts.messageIds.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length) throw appError(SMS_ERRORS.message_not_found, `문자를 찾을 수 없습니다 (ID ${missing.join(', ')})`, { field: 'messageIds' });
      // A text with a secret (a reset or parent link) is never sent twice: the person asks for a new one.
      const secret = rows.filter((r) => r.secret);
      if (secret.length) {
        throw appError(SMS_ERRORS.not_resendable, `비밀번호 재설정·학부모 링크처럼 보안 링크가 든 문자는 다시 보낼 수 없습니다. 새 링크를 다시 요청하거나 만들어 보내 주세요 (ID ${secret.map((r) => r.id).join(', ')})`, { field: 'messageIds' });
      }
      const notFailed = rows.filter((r) => r.status !== 'failed');
      if (notFailed.length) throw appError(SMS_ERRORS.not_resendable, `실패한 문자만 다시 보낼 수 있습니다 (ID ${notFailed.map((r) => r.id).join(', ')})`, { field: 'messageIds' });
      return db.transaction(async () => {
        const [batch] = await db
          .insert(smsBatches)
          .values({
            purpose: 'resend', title: `실패 ${rows.length}통 다시 보내기`, body: rows[0]!.body, audience: rows.every((r) => r.audience === 'student') ? 'student' : 'parent',
            advertising: rows.some((r) => r.advertising), total: rows.length, sendAt: ctx.now(), createdBy: opts.actor.userId, createdAt: ctx.now(),
          })
          .returning();
        await ctx.sms.queueMany(
          rows.map((r) => ({
            toPhone: r.toPhone, body: r.body, purpose: r.purpose, userId: r.userId, audience: r.audience, batchId: batch!.id, resendOf: r.id,
            createdBy: opts.actor.userId, advertising: r.advertising,
          })),
        );
        await ctx.audit.record({ actorId: opts.actor.userId, action: 'sms.resend', entity: 'sms_batch', entityId: batch!.id, after: { messageIds: rows.map((r) => r.id) } });
        return { queued: rows.length };
      });
    },

    async cancel(opts: { batchId: number; actorId: number }): Promise<{ cancelled: number }> {
      const [batch] = await db.select().from(smsBatches).where(eq(smsBatches.id, opts.batchId));
      if (!batch) throw appError(SMS_ERRORS.batch_not_found, `보낸 문자 묶음을 찾을 수 없습니다 (ID ${opts.batchId})`);
      return db.transaction(async () => {
        const cancelled = await ctx.sms.cancel({ batchId: batch.id });
        if (cancelled === 0) throw appError(SMS_ERRORS.not_cancellable, '취소할 수 있는 문자가 없습니다 (이미 보냈거나 보내는 중입니다)');
        await ctx.audit.record({ actorId: opts.actorId, action: 'sms.cancel', entity: 'sms_batch', entityId: batch.id, after: { cancelled } });
        return { cancelled };
      });
    },

    /** Students to pick from: a lecture's roster, chosen ids (from the students grid), or a name search. */
    async recipients(q: { lectureId?: number; ids?: string; q?: string }): Promise<SmsRecipient[]> {
      let ids: number[] = [];
      if (q.lectureId) {
        await lectures.lectures.require(q.lectureId);
        ids = await lectures.participation.rosterOf(q.lectureId);
      } else if (q.ids) {
        ids = q.ids.split(',').map(Number);
      } else if (q.q) {
        const digits = normalizePhone(q.q);
        ids = (await students.list({ page: 1, pageSize: 30, sortField: 'name', sortDir: 'asc', status: 'active', search: digits ?? q.q })).nodes.map((s) => s.id);
      }
      const [contacts, accounts] = await Promise.all([students.contactsOf(ids), users.directory(ids)]);
      return [...contacts.entries()]
        .map(([id, c]) => ({ id, name: c.name, loginId: accounts.get(id)?.loginId ?? '', phone: c.phone, parentPhone: c.parentPhone }))
        .sort((a, b) => compareKorean(a.name, b.name));
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;

