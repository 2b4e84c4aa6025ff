import { smsApi } from '@academy/contracts/sms';
import type { TestApp } from '../../../test/harness.ts';

/** Names the center: the SMS settings' 보내는 곳 이름, which the landing page and every text carry; the rest stays as it is. */
export async function nameCenter(t: TestApp, opts: { adminToken: string; name: string }): Promise<void> {
  const s = await t.api(smsApi.settings, { token: opts.adminToken });
  await t.api(smsApi.updateSettings, {
    token: opts.adminToken,
    body: { senderName: opts.name, optOutNotice: s.optOutNotice, attendanceDelayMinutes: s.attendanceDelayMinutes, weekLinkDays: s.weekLinkDays, events: s.events },
  });
}
