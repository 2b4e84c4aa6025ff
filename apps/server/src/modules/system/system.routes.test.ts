import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_LOG_RATE_PER_MINUTE } from '@academy/contracts/system';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff } from '../users/users.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('system routes', () => {
  it('GET /api/health reports the database kind and version', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', version: '1.83.19' });
  });

  it('GET /api/ready answers while the database does, and 503 when it cannot reach it', async () => {
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
    const other = await createTestApp({ seed: false });
    await other.database.close();
    const down = await other.app.inject('/api/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'system.not_ready', message: '데이터베이스에 연결할 수 없습니다' });
    // Liveness does not depend on the database.
    expect((await other.app.inject('/api/health')).statusCode).toBe(200);
    await other.app.close();
  });

  it('GET /version.json is never cached', async () => {
    const res = await t.app.inject('/version.json?t=1732200000000');
    expect(res.json()).toEqual({ version: '1.83.19' });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('serves the OpenAPI document and page, built from the route schemas', async () => {
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths as Record<string, unknown>;
    expect(Object.keys(paths)).toContain('/api/auth/login');
    expect(JSON.stringify(paths['/api/auth/login'])).toContain('loginId');
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers unknown /api routes, bad JSON, wrong content types and oversized bodies with JSON 4xx', async () => {
    const missing = await t.app.inject('/api/does-not-exist');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('route.not_found');
    const badJson = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"loginId":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toContain('JSON');
    const text = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBeTruthy();
    const huge = await t.app.inject({ method: 'POST', url: '/api/error-log/error', payload: { message: 'x'.repeat(70 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('request.too_large');
  });

  it('stores client error logs, lists them for admins only, and rate-limits a flood', async () => {
    const payload = { message: 'TypeError: x is undefined', stack: 'at Foo (app.js:1:1)', url: 'http://localhost:3000/crm/notice', timestamp: '2026-11-21T10:00:00Z', userAgent: 'Chromium' };
    expect((await t.app.inject({ method: 'POST', url: '/api/error-log/error', payload })).statusCode).toBe(200);
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/error-log/error', payload: { ...payload, message: 'y'.repeat(2001) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues[0].path).toBe('message');

    const staff = await makeStaff(t);
    const admin = staff.admin.token;
    const list = await t.app.inject({ url: '/api/admin/error-logs?page=1&size=10', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ message: payload.message, url: payload.url, userAgent: 'Chromium' });
    const ta = staff.ta.token;
    expect((await t.app.inject({ url: '/api/admin/error-logs', headers: bearer(ta) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/error-logs?size=0', headers: bearer(admin) })).statusCode).toBe(400);

    let last = 200;
    for (let i = 0; i < ERROR_LOG_RATE_PER_MINUTE + 1; i++) {
      last = (await t.app.inject({ method: 'POST', url: '/api/error-log/error', payload: { message: `e${i}` } })).statusCode;
    }
    expect(last).toBe(429);
  });
});
