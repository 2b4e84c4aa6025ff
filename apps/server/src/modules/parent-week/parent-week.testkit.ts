import { parentWeekApi } from '@academy/contracts/parent-week';
import type { TestApp } from '../../../test/harness.ts';

/** A parent's week link for one student, made by staff; `token` is the link's own (its URL's last part). */
export async function makeWeekLink(t: TestApp, opts: { token: string; studentId: number; expiresInDays?: number; sendSms?: boolean }) {
  const made = await t.api(parentWeekApi.create, { token: opts.token, params: { id: opts.studentId }, body: { expiresInDays: opts.expiresInDays, sendSms: opts.sendSms } });
  const linkToken = /\/link\/week\/([A-Za-z0-9_-]{32})$/.exec(made.url)?.[1];
  if (!linkToken) throw new Error(`week link without a token: ${made.url}`);
  return { ...made, linkToken };
}
