import { messageKind } from '@academy/contracts/sms';
import type { Db, DbOrTx } from '../../db/client.ts';
import { smsOutbox } from './sms.table.ts';

export type SmsMessage = { toPhone: string; body: string; purpose: string; userId?: number | null; createdBy?: number | null };
export type SmsOutbox = { queue: (msg: SmsMessage) => Promise<void> };

/**
 * The SMS outbox, a kernel mechanism (`ctx.sms`): everything that texts a person queues a row here,
 * in the caller's transaction; the sender delivers it and records the result.
 */
export function createSmsOutbox(db: Db): SmsOutbox {
  return { queue: (msg) => queueSms(db, msg) };
}

/** Queues a text message. */
export async function queueSms(db: DbOrTx, msg: SmsMessage): Promise<void> {
  await db.insert(smsOutbox).values({
    toPhone: msg.toPhone,
    body: msg.body,
    kind: messageKind(msg.body),
    purpose: msg.purpose,
    userId: msg.userId ?? null,
    createdBy: msg.createdBy ?? null,
  });
}
