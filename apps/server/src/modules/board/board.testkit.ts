import { boardApi, type CreatePostBody } from '@academy/contracts/board';
import type { TestApp } from '../../../test/harness.ts';

/** A visitor's question with a phone, its consent and a password; `over` changes any field. */
export const boardQuestion = (over: Partial<CreatePostBody> = {}): CreatePostBody => ({
  title: '보강 일정 문의',
  body: '지난주 수업 보강은 언제인가요?',
  name: '김지현',
  phone: '010-4444-0001',
  privacyConsent: true,
  password: 'secret-pw',
  ...over,
});

/**
 * A post on the public board: a visitor's question from `ip` by default, or a signed-in student's or
 * staff's post with `token` (then `body` holds what they write). Rates count per address, so tests
 * that post often give each post an address of its own.
 */
export function makePost(t: TestApp, opts: { ip?: string; token?: string; body?: CreatePostBody } = {}) {
  return t.api(boardApi.create, { ip: opts.ip, token: opts.token, body: opts.body ?? boardQuestion() });
}
