import { smsApi, type SmsEvent, type smsSettingsBody as settingsBody } from '@academy/contracts/sms';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TestApp } from '../../../test/harness.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';

export type SmsSettingsBody = z.input<typeof settingsBody>;

/** The SMS settings a test starts from: sender 「테스트학원」, texts at once, every automatic text off. */
export const smsSettingsBody = (over: Partial<SmsSettingsBody> = {}): SmsSettingsBody => ({
  senderName: '테스트학원',
  optOutNotice: '무료수신거부 080-111-2222',
  attendanceDelayMinutes: 0,
  weekLinkDays: 7,
  events: [],
  ...over,
});

/** Switches one automatic text on or off (with its built-in words) through the admin settings call. */
export async function switchSmsEvent(t: TestApp, opts: { adminToken: string; event: SmsEvent; enabled: boolean }): Promise<void> {
  await t.api(smsApi.updateSettings, { token: opts.adminToken, body: smsSettingsBody({ events: [{ event: opts.event, enabled: opts.enabled, templateId: null, attTypeId: null }] }) });
}

/** The texts queued for one account with one purpose ('password_reset', 'week_link', …), oldest first. */
export function textsTo(t: TestApp, opts: { userId: number; purpose: string }) {
  return t.ctx.db.select().from(smsOutbox).where(and(eq(smsOutbox.userId, opts.userId), eq(smsOutbox.purpose, opts.purpose))).orderBy(asc(smsOutbox.id));
}
