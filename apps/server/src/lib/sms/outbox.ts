import { normalizePhone } from '@academy/contracts/format';
import { LMS_MAX_BYTES, eucKrByteLength, messageKind, type Audience } from '@academy/contracts/sms';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { holdsPublicLink } from './secret.ts';
import { smsOutbox } from './sms.table.ts';

export const DELIVER_QUEUE = 'sms.deliver';

export type SmsMessage = {
  toPhone: string;
  body: string;
  /** Why it is sent (`password_reset`, `score_link` …); the history names it. */
  purpose: string;
  /** The student the message is about. */
  userId?: number | null;
  createdBy?: number | null;
  audience?: Audience | null;
  batchId?: number | null;
  resendOf?: number | null;
  /** Advertising (법 제50조): the caller has already put "(광고)" and the opt-out notice in the body. */
  advertising?: boolean;
  /** Not before this time (a scheduled send). */
  sendAfter?: Date | null;
  /** Idempotency key: a second message with the same key is not queued (an event that must text once). */
  key?: string;
  /**
   * Carries a secret (secret.ts): shown masked in every history and never re-sent. A body with a
   * link into /link/… is secret whatever this says; say it for the other secrets (a security notice).
   */
  secret?: boolean;
  /**
   * Signed with the center's name: the outbox puts "[보내는 곳 이름] " in front of the body (the
   * SMS settings' name, "학원" until a center saves one). Areas built before the SMS area (sign-in,
   * accounts) text parents and students too; they sign this way rather than spelling a name.
   */
  signed?: boolean;
};

/** The name a signed text starts with. */
export const DEFAULT_SENDER_NAME = '학원';

export type SmsOutbox = {
  /**
   * Queues a text in the caller's transaction: the message row and the job that delivers it are
   * stored together, so a rolled-back change texts nobody and a committed one is delivered even
   * across a restart. Null when a message with the same `key` was queued before.
   */
  queue: (msg: SmsMessage) => Promise<{ id: number } | null>;
  /** Many texts in one statement and one job batch (a compose send to a whole class). */
  queueMany: (msgs: SmsMessage[]) => Promise<{ ids: number[] }>;
  /** Withdraws scheduled messages that have not been handed to a provider yet; returns how many. */
  cancel: (opts: { ids?: number[]; batchId?: number }) => Promise<number>;
  /** Where signed texts read the center's name from (the SMS area, which owns the setting, registers it). */
  signWith: (senderName: () => Promise<string>) => void;
};

type JobsPort = Pick<Jobs, 'send' | 'sendMany'>;

/** The rows to insert for some messages; refuses what no carrier would take (a programming error of the caller). */
function rowsOf(msgs: SmsMessage[], now: Date) {
  return msgs.map((m) => {
    if (!m.body.trim()) throw new Error(`sms: empty body (${m.purpose})`);
    if (eucKrByteLength(m.body) > LMS_MAX_BYTES) throw new Error(`sms: body over ${LMS_MAX_BYTES} bytes (${m.purpose})`);
    const toPhone = normalizePhone(m.toPhone);
    if (!toPhone) throw new Error(`sms: not a phone number (${m.purpose})`);
    return {
      ...(m.key ? { key: m.key } : {}),
      toPhone,
      body: m.body,
      kind: messageKind(m.body),
      purpose: m.purpose,
      secret: m.secret === true || holdsPublicLink(m.body),
      advertising: m.advertising ?? false,
      userId: m.userId ?? null,
      audience: m.audience ?? null,
      batchId: m.batchId ?? null,
      resendOf: m.resendOf ?? null,
      createdBy: m.createdBy ?? null,
      createdAt: now,
      sendAfter: m.sendAfter && m.sendAfter > now ? m.sendAfter : now,
    };
  });
}

/**
 * The SMS outbox, a kernel mechanism (`ctx.sms`): everything that texts a person goes through
 * here. Delivery (delivery.ts) is a job per message on the job system, through the configured
 * driver, at the configured rate.
 */
export function createSmsOutbox(opts: { db: Db; jobs: JobsPort; now: () => Date }): SmsOutbox {
  const { db, jobs, now } = opts;

  const startAfter = (sendAfter: Date, at: Date) => (sendAfter > at ? sendAfter : undefined);
  let senderName = async () => DEFAULT_SENDER_NAME;

  /** The messages as they are sent: signed ones with the center's name in front (read once per call). */
  async function signed(msgs: SmsMessage[]): Promise<SmsMessage[]> {
    if (!msgs.some((m) => m.signed)) return msgs;
    const name = await senderName();
    return msgs.map((m) => (m.signed ? { ...m, body: `[${name}] ${m.body}` } : m));
  }

  return {
    async queue(msg) {
      const at = now();
      const rows = rowsOf(await signed([msg]), at);
      return db.transaction(async () => {
        const [row] = await db.insert(smsOutbox).values(rows).onConflictDoNothing({ target: smsOutbox.key }).returning({ id: smsOutbox.id, sendAfter: smsOutbox.sendAfter });
        if (!row) return null;
        await jobs.send(DELIVER_QUEUE, { id: row.id }, { startAfter: startAfter(row.sendAfter, at) });
        return { id: row.id };
      });
    },

    async queueMany(msgs) {
      if (msgs.length === 0) return { ids: [] };
      const at = now();
      const rows = rowsOf(await signed(msgs), at);
      return db.transaction(async () => {
        const inserted: { id: number; sendAfter: Date }[] = [];
        // 1,000 rows a statement keeps the bound parameters far below PostgreSQL's limit.
        for (let i = 0; i < rows.length; i += 1000) {
          inserted.push(
            ...(await db.insert(smsOutbox).values(rows.slice(i, i + 1000)).onConflictDoNothing({ target: smsOutbox.key }).returning({ id: smsOutbox.id, sendAfter: smsOutbox.sendAfter })),
          );
        }
        await jobs.sendMany(DELIVER_QUEUE, inserted.map((r) => ({ data: { id: r.id }, startAfter: startAfter(r.sendAfter, at) })));
        return { ids: inserted.map((r) => r.id) };
      });
    },

    async cancel({ ids, batchId }) {
      const target = ids ? inArray(smsOutbox.id, ids.length ? ids : [-1]) : batchId !== undefined ? eq(smsOutbox.batchId, batchId) : sql`false`;
      const rows = await db
        .update(smsOutbox)
        .set({ status: 'cancelled', result: '발송 전에 예약을 취소했습니다', doneAt: now() })
        .where(and(target, eq(smsOutbox.status, 'queued')))
        .returning({ id: smsOutbox.id });
      return rows.length;
    },

    signWith(name) {
      senderName = name;
    },
  };
}
