import { authApi } from '@academy/contracts/auth';
import { smsApi } from '@academy/contracts/sms';
import { taApi } from '@academy/contracts/staff';
import { studentsApi } from '@academy/contracts/students';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';
import { makeStudent } from '../students/students.testkit.ts';
import { makeAccount, type TestAccount } from '../users/users.testkit.ts';
import { textsTo } from '../sms/sms.testkit.ts';
import { passwordResets } from './auth.table.ts';
import { FIND_PASSWORD_LIMITS } from './passwords.service.ts';
import { THROTTLE_RULES } from './throttle.service.ts';
import { defineTopic } from '@academy/contracts/realtime';

/**
 * Account safety from the outside: a TA cannot take over any account through find-password and the
 * SMS history; a change of power or password ends the account's sessions and realtime streams at
 * once; find-password's limits hold against parallel bursts; the academy Wi-Fi's failures do not
 * hold back a student who types the right password.
 */

let t: TestApp;
let base: string;
let admin: TestAccount;
let manager: TestAccount;
let ta: TestAccount;
let otherTa: TestAccount;

const PASSWORD = 'access-pass-1!';

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.ctx.realtime.defineTopic({ topic: defineTopic('test-session', {}), authorize: () => true });
  admin = await makeAccount(t, { userType: 'ADMIN', name: '김원장', loginId: 'won-jang', phone: '01070000001', password: PASSWORD });
  manager = await makeAccount(t, { userType: 'TA', isAdminLevel: true, name: '이실장', loginId: 'sil-jang', phone: '01070000002', password: PASSWORD });
  ta = await makeAccount(t, { userType: 'TA', name: '박조교', loginId: 'jo-gyo', phone: '01070000003', password: PASSWORD });
  otherTa = await makeAccount(t, { userType: 'TA', name: '최조교', loginId: 'jo-gyo2', phone: '01070000004', password: PASSWORD });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Session = { status: number; token: string; cookie: string };

async function signIn(loginId: string, password = PASSWORD, ip = '127.0.0.1'): Promise<Session> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password }, remoteAddress: ip });
  const c = res.cookies.find((x) => x.name === 'refreshToken');
  return { status: res.statusCode, token: res.statusCode === 200 ? (res.json().accessToken as string) : '', cookie: c ? `refreshToken=${c.value}` : '' };
}
const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
const stream = async (token: string) => {
  const s = await openEventStream(`${base}/api/realtime/events?topics=test-session:1`, token);
  await s.ready;
  return s;
};
const findPassword = (loginId: string, phone: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/find-password', payload: { loginId, phone }, remoteAddress: ip });
const textsOf = (userId: number, purpose: string) => textsTo(t, { userId, purpose });

describe('TA → users → find-password → SMS history → reset', () => {
  it('the whole takeover chain fails: staff phones are not listed, reset links are masked for every role, and never re-sent', async () => {
    const kid = await makeStudent(t, { token: admin.token, phone: '010-7100-0001' });
    // 1. The TA lists accounts: students with their phones and login ids (they text them), their own
    // account, and no other staff account, not even through a filter on the hidden rows.
    type Users = { users: { nodes: { id: string }[]; totalCount: number } };
    const listed = await t.gql<Users>('{ users(paging: { limit: 1000 }) { nodes { id loginId phone userType } } }', { token: ta.token });
    const ids = listed.data!.users.nodes.map((n) => Number(n.id));
    expect(ids).toContain(kid.id);
    expect(ids).toContain(ta.id);
    expect(ids).not.toContain(admin.id);
    expect(ids).not.toContain(manager.id);
    expect(ids).not.toContain(otherTa.id);
    const probe = await t.gql<Users>('{ users(filter: { phone: { like: "0107000%" } }) { totalCount } }', { token: ta.token });
    expect(probe.data!.users.totalCount).toBe(1);
    const one = await t.gql(`{ user(id: ${admin.id}) { loginId phone } }`, { token: ta.token });
    expect(one.errors?.[0]?.message).toContain('Unable to find User');
    // An admin still sees everyone.
    const all = await t.gql<Users>('{ users(filter: { userType: { eq: "ADMIN" } }) { nodes { id } } }', { token: manager.token });
    expect(all.data!.users.nodes.map((n) => Number(n.id))).toContain(admin.id);

    // 2. Whoever knows them asks for reset links: the 원장's and the student's.
    expect((await findPassword(admin.loginId, admin.phone)).statusCode).toBe(200);
    expect((await findPassword(kid.loginId, '010-7100-0001')).statusCode).toBe(200);
    const [adminText] = await textsOf(admin.id, 'password_reset');
    const [kidText] = await textsOf(kid.id, 'password_reset');
    const [kidReset] = await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, kid.id));
    expect(adminText!.body).toContain('/link/reset-password/');
    expect(kidText!.body).toContain(kidReset!.id);

    // 3. The SMS history: the 원장's text is not the TA's to read, not even found by its number.
    const { items } = await t.api(smsApi.history, { token: ta.token, query: { size: 200 } });
    expect(items.map((m) => m.id)).not.toContain(adminText!.id);
    expect((await t.api(smsApi.history, { token: ta.token, query: { q: '010-7000-0001' } })).items).toEqual([]);
    expect((await t.apiError(smsApi.message, { token: ta.token, params: { id: adminText!.id } })).status).toBe(404);
    // The student's text is listed, masked; its detail too; and so for an admin.
    const listedKid = items.find((m) => m.id === kidText!.id)!;
    expect(listedKid).toMatchObject({ secret: true });
    expect(listedKid.body).toContain('http://academy.test/link/reset-password/••••••');
    for (const token of [ta.token, manager.token, admin.token]) {
      const replies = [await t.api(smsApi.history, { token, query: { size: 200 } }), await t.api(smsApi.message, { token, params: { id: kidText!.id } })];
      for (const r of replies) expect(JSON.stringify(r)).not.toContain(kidReset!.id);
    }
    const adminView = await t.api(smsApi.message, { token: admin.token, params: { id: adminText!.id } });
    expect(adminView.secret).toBe(true);
    expect(adminView.body).not.toMatch(/reset-password\/[0-9a-f]{8}-/);

    // 4. What the TA can read opens nothing.
    const shown = /reset-password\/(\S+)/.exec(listedKid.body)![1]!;
    expect((await t.apiError(authApi.resetPassword, { body: { uuid: shown, newPassword: 'taken-over-1!' } })).status).toBe(400);

    // 5. A failed secret text is not re-sent, for anyone: the person asks for a new link.
    await t.ctx.db.update(smsOutbox).set({ status: 'failed', result: '수신 거부' }).where(eq(smsOutbox.id, kidText!.id));
    for (const token of [ta.token, admin.token]) {
      const again = await t.apiError(smsApi.resend, { token, body: { messageIds: [kidText!.id] } });
      expect(again.status).toBe(409);
      expect(again.message).toContain('보안 링크가 든 문자는 다시 보낼 수 없습니다');
    }
    expect(await textsOf(kid.id, 'password_reset')).toHaveLength(1);
  });

  it("a phone-change notice is secret too, and a TA's change of a student's phone does not open the account", async () => {
    const kid = await makeStudent(t, { token: admin.token, phone: '010-7100-0002' });
    await t.api(studentsApi.update, { token: ta.token, params: { id: kid.id }, body: { phone: '010-7200-0002' } });
    const [notice] = await textsOf(kid.id, 'phone_changed');
    expect(notice).toMatchObject({ secret: true });
    const listed = await t.api(smsApi.message, { token: ta.token, params: { id: notice!.id } });
    expect(listed.secret).toBe(true);
  });
});

describe('a change of power or password ends the sessions at once', () => {
  it("demoting a 실장 ends their access token, their refresh token and their open stream; the new sign-in is a TA's", async () => {
    const chief = await makeAccount(t, { userType: 'TA', isAdminLevel: true, loginId: 'demoted-chief', password: PASSWORD });
    const s = await signIn(chief.loginId);
    await t.api(taApi.list, { token: s.token });
    const open = await stream(s.token);
    await t.api(taApi.setWage, { token: admin.token, params: { id: chief.id }, body: { isAdminLevel: false } });
    await open.ended;
    expect(await t.apiError(taApi.list, { token: s.token })).toMatchObject({ status: 401, code: 'auth.session_ended' });
    expect((await refresh(s.cookie)).statusCode).toBe(401);
    // Signing in again gives a TA's power only: no pay, no new 실장.
    const again = await signIn(chief.loginId);
    expect((await t.apiError(taApi.list, { token: again.token })).status).toBe(403);
    expect((await t.apiError(taApi.create, { token: again.token, body: { loginId: 'sneaky-chief', password: 'sneaky-pass-1!', name: '몰래실장', phone: null, isAdminLevel: true } })).status).toBe(403);
    // A promotion ends the old token too: the next one carries the new power.
    await t.api(taApi.setWage, { token: admin.token, params: { id: chief.id }, body: { isAdminLevel: true } });
    expect((await t.apiError(authApi.me, { token: again.token })).status).toBe(401);
    const promoted = await refresh(again.cookie);
    expect(promoted.statusCode).toBe(401);
    await t.api(taApi.list, { token: (await signIn(chief.loginId)).token });
  });

  it("deactivation and sign-out close the account's open streams", async () => {
    const helper = await makeAccount(t, { userType: 'TA', loginId: 'stream-helper', password: PASSWORD });
    const first = await signIn(helper.loginId);
    const open = await stream(first.token);
    await t.api(taApi.toggleStatus, { token: admin.token, params: { id: helper.id } });
    await open.ended;
    await t.api(taApi.toggleStatus, { token: admin.token, params: { id: helper.id } });

    const second = await signIn(helper.loginId);
    const [a, b] = [await stream(second.token), await stream(second.token)];
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: second.cookie } });
    await Promise.all([a.ended, b.ended]);
    expect((await t.apiError(authApi.me, { token: second.token })).status).toBe(401);
  });

  it("an admin setting a TA's password ends every session and stream of that TA", async () => {
    const helper = await makeAccount(t, { userType: 'TA', loginId: 'reset-helper', password: PASSWORD });
    const s = await signIn(helper.loginId);
    const open = await stream(s.token);
    await t.api(authApi.changeSupervisorPassword, { token: manager.token, params: { id: helper.id }, body: { newPassword: 'by-manager-2!' } });
    await open.ended;
    expect((await t.apiError(authApi.me, { token: s.token })).status).toBe(401);
    expect((await refresh(s.cookie)).statusCode).toBe(401);
  });

  it('your own password change ends every other session (a stolen cookie, a stolen token) and keeps the one you made it in', async () => {
    const kid = await makeStudent(t, { token: admin.token, loginId: 'own-change-kid', phone: '010-7100-0003', password: PASSWORD });
    const here = await signIn(kid.loginId);
    const stolen = await signIn(kid.loginId);
    const theirs = await stream(stolen.token);
    await t.api(authApi.changeOwnPassword, { token: here.token, body: { currentPassword: PASSWORD, newPassword: 'own-change-2!' } });
    await theirs.ended;
    expect((await t.apiError(authApi.me, { token: stolen.token })).status).toBe(401);
    expect((await refresh(stolen.cookie)).statusCode).toBe(401);
    // This session goes on: its next call refreshes its token, as the web client does on a 401.
    const renewed = await refresh(here.cookie);
    expect(renewed.statusCode).toBe(200);
    expect(await t.api(authApi.me, { token: renewed.json().accessToken as string })).toMatchObject({ loginId: kid.loginId });

    // A TA's own change through the supervisor route, likewise.
    const mine = await signIn(otherTa.loginId);
    const elsewhere = await signIn(otherTa.loginId);
    await t.api(authApi.changeSupervisorPassword, { token: mine.token, params: { id: otherTa.id }, body: { currentPassword: PASSWORD, newPassword: 'ta-own-new-3!' } });
    expect((await refresh(elsewhere.cookie)).statusCode).toBe(401);
    expect((await t.apiError(authApi.me, { token: elsewhere.token })).status).toBe(401);
    expect((await refresh(mine.cookie)).statusCode).toBe(200);
  });
});

describe('find-password under parallel bursts', () => {
  it('texts one account at most 3 times and answers one address at most 10 times, however many arrive at once', async () => {
    const kid = await makeStudent(t, { token: admin.token, phone: '010-7100-0004' });
    // Each from its own address, so only the account's limit applies.
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => findPassword(kid.loginId, '010-7100-0004', `198.51.100.${i + 1}`)));
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    expect(await textsOf(kid.id, 'password_reset')).toHaveLength(FIND_PASSWORD_LIMITS.account.free);

    const fromOne = await Promise.all(Array.from({ length: 14 }, (_, i) => findPassword(`nobody-${i}`, '010-7100-0099', '203.0.113.77')));
    const codes = fromOne.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(FIND_PASSWORD_LIMITS.address.free);
    expect(codes.filter((c) => c === 429)).toHaveLength(14 - FIND_PASSWORD_LIMITS.address.free);
    expect(fromOne.find((r) => r.statusCode === 429)!.json()).toMatchObject({ code: 'auth.too_many_attempts', message: expect.stringMatching(/^비밀번호 찾기 요청이 너무 많습니다\. \d+(분|시간) 후 다시 시도해 주세요$/) });
  });
});

describe('the academy Wi-Fi', () => {
  it("a right password of an account with no failures of its own is not slowed by other accounts' failures from the address; spraying stays slowed", async () => {
    const wifi = '192.0.2.77';
    const classmates = await Promise.all([1, 2].map((n) => makeStudent(t, { token: admin.token, loginId: `wifi-kid-${n}`, phone: `010-7300-000${n}`, password: PASSWORD })));
    // Someone on the Wi-Fi sprays guesses over many login ids, well past the address's free checks.
    const sprayed = Array.from({ length: THROTTLE_RULES.address.free + 10 }, (_, i) => `ghost-${i}`);
    for (const id of sprayed) expect((await signIn(id, 'spray-guess-1', wifi)).status).toBe(401);
    // A classmate arriving now signs in at once.
    expect((await signIn(classmates[0]!.loginId, PASSWORD, wifi)).status).toBe(200);
    // A second guess at an account already tried from here waits for the address, even a right one.
    const again = await signIn(sprayed[0]!, 'spray-guess-2', wifi);
    expect(again.status).toBe(429);
    // One wrong try of your own, and the address's wait applies to you as well.
    expect((await signIn(classmates[1]!.loginId, 'typo-pass-1', wifi)).status).toBe(401);
    expect((await signIn(classmates[1]!.loginId, PASSWORD, wifi)).status).toBe(429);
    // Elsewhere the account is not held back.
    expect((await signIn(classmates[1]!.loginId, PASSWORD, '192.0.2.78')).status).toBe(200);
  });
});
