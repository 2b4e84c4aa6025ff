import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createTokenSigner } from '../../lib/tokens.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';
import { users } from '../users/users.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (loginId: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password } });
const refresh = (cookie?: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: cookie ? { cookie } : {} });
const refreshCookie = (res: { cookies: Array<{ name: string; value: string }> }) => {
  const c = res.cookies.find((x) => x.name === 'refreshToken');
  return c ? `refreshToken=${c.value}` : undefined;
};

describe('POST /api/auth/login', () => {
  it.each([
    ['admin', 'admin1234!', 'ADMIN', undefined],
    ['manager', 'manager1234!', 'TA', { isAdminLevel: true }],
    ['ta01', 'ta1234!', 'TA', { isAdminLevel: false }],
    ['student01', 'student1234!', 'STUDENT', undefined],
  ])('signs in %s as %s', async (loginId, password, userType, taInfo) => {
    const res = await login(loginId, password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userType).toBe(userType);
    expect(body.taInfo).toEqual(taInfo);
    expect(body.accessToken).toMatch(/^ey/);
    const cookie = res.cookies.find((c) => c.name === 'refreshToken');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
  });

  it('answers a wrong password and an unknown id with the same 401', async () => {
    const wrongPw = await login('ta02', 'nope-nope-1');
    const unknown = await login('nobody-here', 'nope-nope-1');
    expect(wrongPw.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPw.json()).toEqual(unknown.json());
    expect(wrongPw.json().message).toBe('아이디 또는 비밀번호가 올바르지 않습니다');
  });

  it('refuses a sixth try within 10 minutes with 429, even with the right password, until the window passes', async () => {
    for (let i = 0; i < 5; i++) expect((await login('ta03', `wrong-${i}-pw`)).statusCode).toBe(401);
    const blocked = await login('ta03', 'ta1234!');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('auth.too_many_attempts');
    // Other accounts are unaffected.
    expect((await login('ta01', 'ta1234!')).statusCode).toBe(200);
    t.clock.advance(10 * 60 * 1000 + 1000);
    expect((await login('ta03', 'ta1234!')).statusCode).toBe(200);
  });

  it('refuses deactivated and deleted accounts', async () => {
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.loginId, 'student02'));
    const res = await login('student02', 'student1234!');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('auth.account_inactive');
    await t.ctx.db.update(users).set({ isActive: true, deletedAt: new Date() }).where(eq(users.loginId, 'student03'));
    expect((await login('student03', 'student1234!')).statusCode).toBe(403);
  });

  it('names the field when input is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^password: /);
  });
});

describe('refresh tokens', () => {
  it('rotates the token and issues a working access token', async () => {
    const first = refreshCookie(await login('ta01', 'ta1234!'));
    const res = await refresh(first);
    expect(res.statusCode).toBe(200);
    const next = refreshCookie(res);
    expect(next).toBeDefined();
    expect(next).not.toBe(first);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(res.json().accessToken) });
    expect(me.json().loginId).toBe('ta01');
  });

  it('revokes the whole family when a used token comes back', async () => {
    const first = refreshCookie(await login('ta01', 'ta1234!'));
    const second = refreshCookie(await refresh(first));
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.refresh_reused');
    // The thief's replay also logs out the legitimate holder of the newer token.
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('is revoked by logout', async () => {
    const cookie = refreshCookie(await login('ta01', 'ta1234!'));
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookie! } });
    expect(out.statusCode).toBe(200);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('answers 401 without a cookie and for an unknown token', async () => {
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh('refreshToken=forged')).statusCode).toBe(401);
  });

  it('stops working once the account is deactivated', async () => {
    const cookie = refreshCookie(await login('ta02', 'ta1234!'));
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.loginId, 'ta02'));
    expect((await refresh(cookie)).statusCode).toBe(401);
    await t.ctx.db.update(users).set({ isActive: true }).where(eq(users.loginId, 'ta02'));
  });
});

describe('access tokens', () => {
  it('rejects expired, forged and missing tokens on protected routes', async () => {
    const expired = await createTokenSigner(t.ctx.config.jwtSecret, -10).sign({ userId: 1, loginId: 'admin', userType: 'ADMIN', isAdminLevel: false });
    const r1 = await t.app.inject({ url: '/api/auth/me', headers: bearer(expired) });
    expect(r1.statusCode).toBe(401);
    expect(r1.json().code).toBe('auth.token_expired');
    const forged = await createTokenSigner('another-secret-another-secret-another-secret!').sign({ userId: 1, loginId: 'admin', userType: 'ADMIN', isAdminLevel: false });
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(forged) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('enforces the permission ladder: a student is refused a TA route, a TA an ADMIN route, a manager passes ADMIN', async () => {
    const student = await t.login('student01', 'student1234!');
    const ta = await t.login('ta01', 'ta1234!');
    const manager = await t.login('manager', 'manager1234!');
    expect((await t.app.inject({ url: '/api/notice', headers: bearer(student) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/notice', headers: bearer(ta) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/error-logs', headers: bearer(ta) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/error-logs', headers: bearer(manager) })).statusCode).toBe(200);
  });
});

describe('password reset by SMS link', () => {
  const outbox = () => t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'password_reset'));
  const resetLink = async () => {
    const rows = await outbox();
    const m = /\/link\/reset-password\/([0-9a-f-]{36})/.exec(rows.at(-1)!.body);
    return m![1]!;
  };

  it('texts a single-use link only when loginId and phone match, answering the same either way', async () => {
    const before = (await outbox()).length;
    const miss = await t.app.inject({ method: 'POST', url: '/api/auth/find-password', payload: { loginId: 'ta01', phone: '010-0000-0000' } });
    const hit = await t.app.inject({ method: 'POST', url: '/api/auth/find-password', payload: { loginId: 'ta01', phone: '010-9000-0003' } });
    expect(miss.statusCode).toBe(200);
    expect(hit.json()).toEqual(miss.json());
    const rows = await outbox();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ toPhone: '01090000003', kind: 'LMS', status: 'queued' });
    expect(rows.at(-1)!.body).toContain('http://academy.test/link/reset-password/');
  });

  it('sets a new password once; the link then stops working', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/find-password', payload: { loginId: 'student04', phone: await phoneOf('student04') } });
    const uuid = await resetLink();
    const check = await t.app.inject({ url: `/api/auth/reset-password-via-uuid/${uuid}` });
    expect(check.statusCode).toBe(200);
    expect(check.json().loginId).toBe('stu*****4');
    const weak = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password-via-uuid', payload: { uuid, newPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^newPassword: /);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password-via-uuid', payload: { uuid, newPassword: 'new-pass-2026' } });
    expect(ok.statusCode).toBe(200);
    expect((await login('student04', 'new-pass-2026')).statusCode).toBe(200);
    expect((await login('student04', 'student1234!')).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password-via-uuid', payload: { uuid, newPassword: 'other-pass-2026' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('auth.reset_link_invalid');
  });

  it('expires after 30 minutes', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/find-password', payload: { loginId: 'student05', phone: await phoneOf('student05') } });
    const uuid = await resetLink();
    t.clock.advance(31 * 60 * 1000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password-via-uuid', payload: { uuid, newPassword: 'new-pass-2026' } });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/auth/reset-password-via-uuid/${uuid}` })).statusCode).toBe(400);
  });

  it('rejects a malformed uuid and phone with the field named', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password-via-uuid', payload: { uuid: 'abc', newPassword: 'new-pass-2026' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^uuid: /);
    const phone = await t.app.inject({ method: 'POST', url: '/api/auth/find-password', payload: { loginId: 'ta01', phone: 'abc' } });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toMatch(/^phone: /);
  });

  async function phoneOf(loginId: string): Promise<string> {
    const [u] = await t.ctx.db.select({ phone: users.phone }).from(users).where(eq(users.loginId, loginId));
    return u!.phone!;
  }
});

describe('POST /api/supervisor/change-supervisor-password/{id}', () => {
  const idOf = async (loginId: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.loginId, loginId)))[0]!.id;
  const change = (token: string, id: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/supervisor/change-supervisor-password/${id}`, headers: bearer(token), payload });

  it('lets a TA change their own password with the current one', async () => {
    const token = await t.login('ta04', 'ta1234!');
    const id = await idOf('ta04');
    const missing = await change(token, id, { newPassword: 'ta-new-pass-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^currentPassword: /);
    expect((await change(token, id, { currentPassword: 'wrong-one-1', newPassword: 'ta-new-pass-1' })).statusCode).toBe(400);
    expect((await change(token, id, { currentPassword: 'ta1234!', newPassword: 'ta-new-pass-1' })).statusCode).toBe(200);
    expect((await login('ta04', 'ta-new-pass-1')).statusCode).toBe(200);
  });

  it("refuses a TA changing another TA's password, and lets an admin change any TA's", async () => {
    const ta = await t.login('ta01', 'ta1234!');
    const target = await idOf('ta02');
    expect((await change(ta, target, { newPassword: 'ta-new-pass-2' })).statusCode).toBe(403);
    const admin = await t.login('admin', 'admin1234!');
    expect((await change(admin, target, { newPassword: 'ta-new-pass-2' })).statusCode).toBe(200);
    expect((await login('ta02', 'ta-new-pass-2')).statusCode).toBe(200);
    expect((await change(admin, await idOf('student06'), { newPassword: 'x-new-pass-2' })).statusCode).toBe(403);
    expect((await change(admin, 999999, { newPassword: 'x-new-pass-2' })).statusCode).toBe(404);
  });

  it('is closed to students and validates the path id', async () => {
    const student = await t.login('student01', 'student1234!');
    expect((await change(student, await idOf('student01'), { currentPassword: 'student1234!', newPassword: 'new-pass-2026' })).statusCode).toBe(403);
    const admin = await t.login('admin', 'admin1234!');
    const bad = await t.app.inject({ method: 'POST', url: '/api/supervisor/change-supervisor-password/abc', headers: bearer(admin), payload: { newPassword: 'new-pass-2026' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });
});
