import type { SmsEvent } from '@academy/contracts/sms';
import type { TestApp } from '../../../test/harness.ts';

/** The SMS settings a test starts from: sender 「테스트학원」, texts at once, every automatic text off. */
export const smsSettingsBody = (over: Record<string, unknown> = {}) => ({
  senderName: '테스트학원',
  optOutNotice: '무료수신거부 080-111-2222',
  attendanceDelayMinutes: 0,
  weekLinkDays: 7,
  events: [] as unknown[],
  ...over,
});

/** Switches one automatic text on or off (with its built-in words) through the admin settings call. */
export async function switchSmsEvent(t: TestApp, opts: { adminToken: string; event: SmsEvent; enabled: boolean }): Promise<void> {
  const res = await t.call('PUT', '/api/sms/settings', opts.adminToken, smsSettingsBody({ events: [{ event: opts.event, enabled: opts.enabled, templateId: null, attTypeId: null }] }));
  if (res.status !== 200) throw new Error(`sms settings: ${res.status} ${JSON.stringify(res.json)}`);
}
