import { messageKind } from '@academy/contracts/sms';
import type { DbOrTx } from '../../db/client.ts';
import { smsOutbox } from './sms.table.ts';

/** Queues a text message. The SMS area's sender delivers it and records the result. */
export async function queueSms(
  tx: DbOrTx,
  msg: { toPhone: string; body: string; purpose: string; userId?: number | null; createdBy?: number | null },
): Promise<void> {
  await tx.insert(smsOutbox).values({
    toPhone: msg.toPhone,
    body: msg.body,
    kind: messageKind(msg.body),
    purpose: msg.purpose,
    userId: msg.userId ?? null,
    createdBy: msg.createdBy ?? null,
  });
}
