import type { SmsDriver } from './driver.ts';

/**
 * The default driver: nothing leaves the building. A message is stored and shown in the history
 * (as 발송, with this note), so a center can try everything before it signs up with a provider.
 */
export function createOutboxDriver(): SmsDriver {
  return {
    name: 'outbox',
    send: async () => ({ result: 'sent', ref: null, note: '보관됨 (outbox: 실제 발송 없음)' }),
  };
}
