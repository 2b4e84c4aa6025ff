import { ClientError, SolapiMessageService } from 'solapi';
import type { DeliveryReport, OutgoingSms, SendOutcome, SmsDriver } from './driver.ts';
import { configureSolapiTransport } from './solapi-transport.ts';

export type SolapiSettings = {
  apiKey: string;
  apiSecret: string;
  /** The registered sender number (발신번호), digits only. */
  sender: string;
  /** https://api.solapi.com, or a gateway / test server speaking the same API. */
  baseUrl: string;
  /** Per HTTP request to the provider. */
  timeoutMs: number;
};

/** Status codes of solapi messages: 4000 received by the phone; 2000/3000 still on the way; anything else failed. */
const DELIVERED = '4000';
const ON_THE_WAY = new Set(['2000', '3000']);

/**
 * SOLAPI (solapi.com) through its official SDK. Each message is its own group, and the group is
 * what makes a retry safe: the group id is saved before any message is added, a group is sent at
 * most once (the provider refuses a second send), and it refuses duplicate numbers
 * (`allowDuplicates: false`). So an attempt that finds a saved group asks the provider first: a
 * group that has left is recorded as sent (`resumed`), one still pending is completed.
 *
 * A 4xx from the provider (a wrong number, an unregistered sender, no balance) fails the message
 * with the provider's words; timeouts, 5xx and dropped connections are thrown for a retry.
 */
export function createSolapiDriver(settings: SolapiSettings): SmsDriver {
  configureSolapiTransport({ baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs });
  const client = new SolapiMessageService(settings.apiKey, settings.apiSecret);

  const refused = (err: unknown): SendOutcome | null =>
    err instanceof ClientError ? { result: 'failed', reason: `제공사가 거절했습니다: ${err.errorMessage} (${err.errorCode})` } : null;

  /** Has the group left the provider (sending or done)? */
  const hasLeft = async (groupId: string) => (await client.getGroup(groupId)).status !== 'PENDING';

  async function send(msg: OutgoingSms, opts: { ref: string | null; saveRef: (ref: string) => Promise<void> }): Promise<SendOutcome> {
    let groupId = opts.ref;
    let holdsMessage = false;
    if (groupId) {
      const group = await client.getGroup(groupId);
      if (group.status !== 'PENDING') return { result: 'sent', ref: groupId, resumed: true, note: '이전 시도에서 이미 접수되었습니다' };
      holdsMessage = group.count.total > 0;
    } else {
      try {
        groupId = await client.createGroup(false, undefined, { key: msg.key });
      } catch (err) {
        const r = refused(err);
        if (r) return r;
        throw err;
      }
      await opts.saveRef(groupId);
    }
    if (!holdsMessage) {
      try {
        const added = await client.addMessagesToGroup(groupId, [
          { to: msg.toPhone, from: settings.sender, text: msg.body, type: msg.kind, customFields: { key: msg.key } },
        ]);
        if (Number(added.errorCount) > 0) {
          const first = added.resultList[0];
          return { result: 'failed', reason: `제공사가 거절했습니다: ${first?.statusMessage ?? '메시지 접수 실패'} (${first?.statusCode ?? '?'})` };
        }
      } catch (err) {
        const r = refused(err);
        if (r) return r;
        throw err;
      }
    }
    try {
      await client.sendGroup(groupId);
    } catch (err) {
      // The send may have reached the provider before the answer was lost (or the SDK's own retry
      // found it sent): ask before calling it a failure.
      if (await hasLeft(groupId).catch(() => false)) return { result: 'sent', ref: groupId, resumed: true };
      const r = refused(err);
      if (r) return r;
      throw err;
    }
    return { result: 'sent', ref: groupId };
  }

  async function status(groupId: string): Promise<DeliveryReport> {
    const list = await client.getGroupMessages(groupId);
    const message = Object.values(list.messageList)[0];
    if (!message?.statusCode || ON_THE_WAY.has(message.statusCode)) return { state: 'pending' };
    if (message.statusCode === DELIVERED) return { state: 'delivered' };
    return { state: 'failed', reason: `${message.reason ?? '수신 실패'} (${message.statusCode})` };
  }

  return { name: 'solapi', send: (msg, opts) => send(msg, opts), status: (ref) => status(ref) };
}
