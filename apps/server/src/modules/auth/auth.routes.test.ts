import { authApi } from '@academy/contracts/auth';
import { noticesApi } from '@academy/contracts/notices';
import { systemApi } from '@academy/contracts/system';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';
import { createTokenSigner } from '../../lib/tokens.ts';
import { REFRESH_GRACE_MS } from './sessions.service.ts';
import { makeAccount, type TestAccount } from '../users/users.testkit.ts';
import { requestResetLink } from './auth.testkit.ts';

let t: TestApp;
const acc: Record<'admin' | 'manager' | 'ta1' | 'ta2' | 'ta3' | 'ta4' | 's1' | 's2' | 's3' | 's4' | 's5' | 's6', TestAccount> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  acc.admin = await makeAccount(t, { userType: 'ADMIN', loginId: 'boss', password: 'admin1234!', name: '김원장' });
  acc.manager = await makeAccount(t, { userType: 'TA', isAdminLevel: true, loginId: 'chief', password: 'manager1234!' });
  for (const [key, n] of [['ta1', 1], ['ta2', 2], ['ta3', 3], ['ta4', 4]] as const) {
    acc[key] = await makeAccount(t, { userType: 'TA', loginId: `helper0${n}`, password: 'ta1234!', phone: `0109000000${n}`, name: n === 1 ? '박조교' : undefined });
  }
  for (const [key, n] of [['s1', 1], ['s2', 2], ['s3', 3], ['s4', 4], ['s5', 5], ['s6', 6]] as const) {
    acc[key] = await makeAccount(t, { userType: 'STUDENT', loginId: `pupil0${n}`, password: 'student1234!' });
  }
}, 120_000);
afterAll(() => t.close());

const login = (loginId: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password } });
const refresh = (cookie?: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: cookie ? { cookie } : {} });
const refreshCookie = (res: { cookies: Array<{ name: string; value: string }> }) => {
  const c = res.cookies.find((x) => x.name === 'refreshToken');
  return c ? `refreshToken=${c.value}` : undefined;
};

describe('POST /api/auth/login', () => {
  it.each([
    ['boss', 'admin1234!', 'ADMIN', undefined],
    ['chief', 'manager1234!', 'TA', { isAdminLevel: true }],
    ['helper01', 'ta1234!', 'TA', { isAdminLevel: false }],
    ['pupil01', 'student1234!', 'STUDENT', undefined],
  ])('signs in %s as %s', async (loginId, password, userType, taInfo) => {
    const res = await login(loginId, password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userType).toBe(userType);
    expect(body.taInfo).toEqual(taInfo);
    expect(body.accessToken).toMatch(/^ey/);
    const cookie = res.cookies.find((c) => c.name === 'refreshToken');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(await t.api(authApi.me, { token: body.accessToken })).toMatchObject({ loginId, userType });
  });

  it('answers a wrong password and an unknown id with the same 401', async () => {
    const wrongPw = await login('helper02', 'nope-nope-1');
    const unknown = await login('nobody-here', 'nope-nope-1');
    expect(wrongPw.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPw.json()).toEqual(unknown.json());
    expect(wrongPw.json()).toEqual({ code: 'auth.invalid_credentials', message: '아이디 또는 비밀번호가 올바르지 않습니다' });
  });

  it('slows a sixth try with 429, even with the right password, until the delay passes', async () => {
    for (let i = 0; i < 5; i++) expect((await login('helper03', `wrong-${i}-pw`)).statusCode).toBe(401);
    const blocked = await login('helper03', 'ta1234!');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'auth.too_many_attempts', message: '로그인 시도가 너무 많습니다. 1초 후 다시 시도해 주세요' });
    // Other accounts are unaffected.
    expect((await login('helper01', 'ta1234!')).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await login('helper03', 'ta1234!')).statusCode).toBe(200);
  });

  it('refuses deactivated and deleted accounts', async () => {
    await t.modules.users.setActive({ ids: [acc.s2.id], isActive: false });
    const res = await login('pupil02', 'student1234!');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('auth.account_inactive');
    await t.modules.users.softDelete([acc.s3.id]);
    const deleted = await login('pupil03', 'student1234!');
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().code).toBe('auth.account_inactive');
  });

  it('names the field when input is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: 'boss' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('password');
  });
});

describe('refresh tokens', () => {
  it('rotates the token and issues a working access token', async () => {
    const first = refreshCookie(await login('helper01', 'ta1234!'));
    const res = await refresh(first);
    expect(res.statusCode).toBe(200);
    const next = refreshCookie(res);
    expect(next).toBeDefined();
    expect(next).not.toBe(first);
    expect(await t.api(authApi.me, { token: res.json().accessToken })).toEqual({ id: acc.ta1.id, loginId: 'helper01', name: '박조교', userType: 'TA', isAdminLevel: false, phone: '010-9000-0001', passwordIsInitial: false });
  });

  it('revokes the whole family when a used token comes back', async () => {
    const first = refreshCookie(await login('helper04', 'ta1234!'));
    const second = refreshCookie(await refresh(first));
    t.clock.advance(REFRESH_GRACE_MS + 1000);
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.refresh_reused');
    // The thief's replay also logs out the legitimate holder of the newer token.
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('two tabs refreshing with the same token at once both stay signed in', async () => {
    const cookie = refreshCookie(await login('helper04', 'ta1234!'));
    const [a, b] = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Each tab goes on with its own new token.
    expect((await refresh(refreshCookie(a))).statusCode).toBe(200);
    expect((await refresh(refreshCookie(b))).statusCode).toBe(200);
  });

  it('logout ends the access token at once, not when it expires', async () => {
    const res = await login('helper04', 'ta1234!');
    const token = res.json().accessToken as string;
    await t.api(authApi.me, { token });
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: refreshCookie(res)! } });
    expect(await t.apiError(authApi.me, { token })).toMatchObject({ status: 401, code: 'auth.session_ended' });
    // GraphQL too answers 401, so the client signs in again.
    expect((await t.call('POST', '/api/gql', token, { query: '{ users { totalCount } }' })).status).toBe(401);
    // Signing in again works.
    await t.api(authApi.me, { token: (await login('helper04', 'ta1234!')).json().accessToken });
  });

  it('deactivation ends the access token at once', async () => {
    const token = (await login('pupil06', 'student1234!')).json().accessToken as string;
    await t.api(authApi.me, { token });
    await t.modules.users.setActive({ ids: [acc.s6.id], isActive: false });
    expect((await t.apiError(authApi.me, { token })).status).toBe(401);
    await t.modules.users.setActive({ ids: [acc.s6.id], isActive: true });
    expect((await t.apiError(authApi.me, { token })).status).toBe(401);
  });

  it('is revoked by logout', async () => {
    const cookie = refreshCookie(await login('helper04', 'ta1234!'));
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookie! } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('answers 401 without a cookie and for an unknown token', async () => {
    const missing = await refresh();
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('auth.refresh_missing');
    const forged = await refresh('refreshToken=forged');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('auth.refresh_invalid');
  });

  it('stops working once the account is deactivated', async () => {
    const cookie = refreshCookie(await login('helper02', 'ta1234!'));
    await t.modules.users.setActive({ ids: [acc.ta2.id], isActive: false });
    const res = await refresh(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth.account_inactive');
    await t.modules.users.setActive({ ids: [acc.ta2.id], isActive: true });
    // The family was revoked with the refusal: reactivating does not bring the session back.
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('revokeSessions (public face) ends every open session of a user', async () => {
    const cookie = refreshCookie(await login('pupil04', 'student1234!'));
    await t.modules.auth.revokeSessions([acc.s4.id]);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('rejects expired, forged and missing tokens on protected routes', async () => {
    const expired = await createTokenSigner(t.ctx.config.jwtSecret, -10).sign({ userId: acc.admin.id, loginId: 'boss', userType: 'ADMIN', isAdminLevel: false });
    const r1 = await t.app.inject({ url: '/api/auth/me', headers: bearer(expired) });
    expect(r1.statusCode).toBe(401);
    expect(r1.json().code).toBe('auth.token_expired');
    const forged = await createTokenSigner('another-secret-another-secret-another-secret!').sign({ userId: acc.admin.id, loginId: 'boss', userType: 'ADMIN', isAdminLevel: false });
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(forged) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('enforces the permission ladder: a student is refused a TA route, a TA an ADMIN route, a manager passes ADMIN', async () => {
    expect((await t.apiError(noticesApi.staff, { token: acc.s1.token })).status).toBe(403);
    await t.api(noticesApi.staff, { token: acc.ta1.token });
    expect((await t.apiError(systemApi.errorLogs, { token: acc.ta1.token })).status).toBe(403);
    await t.api(systemApi.errorLogs, { token: acc.manager.token });
  });
});

describe('password reset by SMS link', () => {
  const outbox = () => t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'password_reset'));

  it('texts a single-use link only when loginId and phone match, answering the same either way', async () => {
    const before = (await outbox()).length;
    const miss = await t.api(authApi.findPassword, { body: { loginId: 'helper01', phone: '010-0000-0000' } });
    const hit = await t.api(authApi.findPassword, { body: { loginId: 'helper01', phone: '010-9000-0001' } });
    expect(hit).toEqual(miss);
    const rows = await outbox();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ toPhone: '01090000001', kind: 'LMS', userId: acc.ta1.id });
    expect(rows.at(-1)!.body).toContain('http://academy.test/link/reset-password/');
    expect(rows.at(-1)!.body).toContain('박조교님');
    // Delivered through the outbox's queue like every text.
    const id = rows.at(-1)!.id;
    await expect.poll(async () => (await outbox()).find((r) => r.id === id)?.status, { timeout: 20_000, interval: 100 }).toBe('sent');
  });

  it('sets a new password once; the link then stops working', async () => {
    const cookie = refreshCookie(await login('pupil04', 'student1234!'));
    const uuid = await requestResetLink(t, { loginId: 'pupil04', phone: acc.s4.phone, userId: acc.s4.id });
    expect((await t.api(authApi.checkResetLink, { params: { uuid } })).loginId).toBe('pup***4');
    const weak = await t.apiError(authApi.resetPassword, { body: { uuid, newPassword: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.issues![0]!.path).toBe('newPassword');
    await t.api(authApi.resetPassword, { body: { uuid, newPassword: 'new-pass-2026' } });
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await login('pupil04', 'new-pass-2026')).statusCode).toBe(200);
    expect((await login('pupil04', 'student1234!')).statusCode).toBe(401);
    expect(await t.apiError(authApi.resetPassword, { body: { uuid, newPassword: 'other-pass-2026' } })).toMatchObject({ status: 400, code: 'auth.reset_link_invalid' });
    const audit = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'password.reset_via_link'), eq(auditLogs.entityId, String(acc.s4.id))));
    expect(audit).toHaveLength(1);
  });

  it('expires after 30 minutes', async () => {
    const uuid = await requestResetLink(t, { loginId: 'pupil05', phone: acc.s5.phone, userId: acc.s5.id });
    t.clock.advance(31 * 60 * 1000);
    expect((await t.apiError(authApi.resetPassword, { body: { uuid, newPassword: 'new-pass-2026' } })).status).toBe(400);
    expect((await t.apiError(authApi.checkResetLink, { params: { uuid } })).status).toBe(400);
  });

  it('rejects a malformed uuid and phone with the field named', async () => {
    const bad = await t.apiError(authApi.resetPassword, { body: { uuid: 'abc', newPassword: 'new-pass-2026' } });
    expect(bad.status).toBe(400);
    expect(bad.issues![0]!.path).toBe('uuid');
    const phone = await t.apiError(authApi.findPassword, { body: { loginId: 'helper01', phone: 'abc' } });
    expect(phone.status).toBe(400);
    expect(phone).toMatchObject({ code: 'validation.invalid', issues: [expect.objectContaining({ path: 'phone' })] });
  });
});

describe('POST /api/supervisor/change-supervisor-password/{id}', () => {
  type Body = { currentPassword?: string; newPassword: string };
  const change = (token: string, id: number, body: Body) => t.api(authApi.changeSupervisorPassword, { token, params: { id }, body });
  const refused = (token: string, id: number, body: Body) => t.apiError(authApi.changeSupervisorPassword, { token, params: { id }, body });

  it('lets a TA change their own password with the current one', async () => {
    const { id } = acc.ta4;
    // Signed in afresh: the refresh tests above signed helper04 out everywhere.
    const token = (await login('helper04', 'ta1234!')).json().accessToken as string;
    const missing = await refused(token, id, { newPassword: 'ta-new-pass-1' });
    expect(missing.status).toBe(400);
    expect(missing.issues![0]!.path).toBe('currentPassword');
    expect(await refused(token, id, { currentPassword: 'wrong-one-1', newPassword: 'ta-new-pass-1' })).toMatchObject({ status: 400, code: 'auth.current_password_wrong' });
    await change(token, id, { currentPassword: 'ta1234!', newPassword: 'ta-new-pass-1' });
    expect((await login('helper04', 'ta-new-pass-1')).statusCode).toBe(200);
  });

  it("refuses a TA changing another TA's password, and lets an admin change any TA's", async () => {
    const target = acc.ta2.id;
    const cookie = refreshCookie(await login('helper02', 'ta1234!'));
    expect((await refused(acc.ta1.token, target, { newPassword: 'ta-new-pass-2' })).status).toBe(403);
    await change(acc.admin.token, target, { newPassword: 'ta-new-pass-2' });
    expect((await login('helper02', 'ta-new-pass-2')).statusCode).toBe(200);
    // A password set by someone else ends the sessions opened with the old one.
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await refused(acc.admin.token, acc.s6.id, { newPassword: 'x-new-pass-2' })).status).toBe(403);
    expect((await refused(acc.admin.token, 999999, { newPassword: 'x-new-pass-2' })).status).toBe(404);
  });

  it('is closed to students and validates the path id', async () => {
    expect((await refused(acc.s1.token, acc.s1.id, { currentPassword: 'student1234!', newPassword: 'new-pass-2026' })).status).toBe(403);
    // Not an id, which the contract forbids: sent by hand.
    const bad = await t.call<ApiError>('POST', '/api/supervisor/change-supervisor-password/abc', acc.admin.token, { newPassword: 'new-pass-2026' });
    expect(bad.status).toBe(400);
    expect(bad.json.issues![0]!.path).toBe('id');
  });
});
