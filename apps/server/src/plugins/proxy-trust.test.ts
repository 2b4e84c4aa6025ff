import { ERROR_LOG_RATE_PER_MINUTE } from '@academy/contracts/system';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { smsOutbox } from '../lib/sms/sms.table.ts';
import { makeStudents } from '../modules/users/users.testkit.ts';

/**
 * Issue 16, item 2: request headers never redirect a link sent by SMS, and X-Forwarded-For counts
 * only when a configured proxy sends it (the rate limits key on the client address).
 */

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function app(config: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp({ seed: false, ...config });
  apps.push(t);
  return t;
}

const logError = (t: TestApp, forwardedFor: string) =>
  t.app.inject({ method: 'POST', url: '/api/error-log/error', headers: { 'x-forwarded-for': forwardedFor }, payload: { message: 'boom' } });

describe('links sent by SMS', () => {
  it('a forged X-Forwarded-Host or Host does not change the reset link', async () => {
    const t = await app({ config: { publicUrl: 'https://academy.example.kr' } });
    const [s] = await makeStudents(t, 1);
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/find-password',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      payload: { loginId: s!.loginId, phone: s!.phone },
    });
    expect(res.statusCode).toBe(200);
    const [text] = await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'password_reset'));
    expect(text!.body).toContain('https://academy.example.kr/link/reset-password/');
    expect(text!.body).not.toContain('evil');
  });
});

describe('client address', () => {
  it('X-Forwarded-For from a peer that is not a trusted proxy is ignored: the limit counts the socket', async () => {
    const t = await app();
    for (let i = 0; i < ERROR_LOG_RATE_PER_MINUTE; i++) expect((await logError(t, `203.0.113.${i}`)).statusCode).toBe(200);
    const over = await logError(t, '198.51.100.7');
    expect(over.statusCode).toBe(429);
  });

  it('the refresh cookie is Secure when a trusted proxy says the request came over HTTPS', async () => {
    const t = await app({ config: { trustProxy: ['127.0.0.1'] } });
    const [s] = await makeStudents(t, 1);
    const signIn = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { loginId: s!.loginId, password: s!.password } });
    const https = await signIn({ 'x-forwarded-proto': 'https' });
    expect(https.cookies.find((c) => c.name === 'refreshToken')).toMatchObject({ secure: true, httpOnly: true });
    const plain = await signIn({});
    expect(plain.cookies.find((c) => c.name === 'refreshToken')?.secure).toBeFalsy();
    // From an untrusted peer the header means nothing.
    const untrusted = await app();
    const [u] = await makeStudents(untrusted, 1);
    const forged = await untrusted.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-forwarded-proto': 'https' }, payload: { loginId: u!.loginId, password: u!.password } });
    expect(forged.cookies.find((c) => c.name === 'refreshToken')?.secure).toBeFalsy();
  });

  it('X-Forwarded-For from a configured proxy names the client', async () => {
    const t = await app({ config: { trustProxy: ['127.0.0.1'] } });
    for (let i = 0; i < ERROR_LOG_RATE_PER_MINUTE; i++) expect((await logError(t, '203.0.113.1')).statusCode).toBe(200);
    expect((await logError(t, '203.0.113.1')).statusCode).toBe(429);
    expect((await logError(t, '203.0.113.2')).statusCode).toBe(200);
  });
});
