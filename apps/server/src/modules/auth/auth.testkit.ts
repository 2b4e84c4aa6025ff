import { authApi } from '@academy/contracts/auth';
import type { TestApp } from '../../../test/harness.ts';
import { textsTo } from '../sms/sms.testkit.ts';

/** The uuid of the reset link in a password-reset text. */
export function resetUuidIn(body: string): string {
  const uuid = /\/link\/reset-password\/([0-9a-f-]{36})/.exec(body)?.[1];
  if (!uuid) throw new Error(`no reset link in: ${body}`);
  return uuid;
}

/** Asks for a reset link as the account's owner does (find-password) and returns its uuid from the text it queued. */
export async function requestResetLink(t: TestApp, opts: { loginId: string; phone: string; userId: number }): Promise<string> {
  await t.api(authApi.findPassword, { body: { loginId: opts.loginId, phone: opts.phone } });
  const texts = await textsTo(t, { userId: opts.userId, purpose: 'password_reset' });
  if (!texts.length) throw new Error(`no reset text for ${opts.loginId}`);
  return resetUuidIn(texts.at(-1)!.body);
}
