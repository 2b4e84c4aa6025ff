import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_LOG_RATE_PER_MINUTE, systemApi } from '@academy/contracts/system';
import { createTestApp, type TestApp, outcomeOf } from '../../../test/harness.ts';
import { makeStaff } from '../users/users.testkit.ts';
import { logClientError } from './system.testkit.ts';

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
    const ip = '203.0.113.9';
    await logClientError(t, { ip });
    const tooLong = await t.apiError(systemApi.logError, { ip, body: { message: 'y'.repeat(2001) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.issues![0]!.path).toBe('message');

    const staff = await makeStaff(t);
    const admin = staff.admin.token;
    const list = await t.api(systemApi.errorLogs, { token: admin, query: { page: 1, size: 10 } });
    expect(list.items[0]).toMatchObject({ message: 'TypeError: x is undefined', url: 'http://localhost:3000/crm/notice', userAgent: 'Chromium' });
    expect((await t.apiError(systemApi.errorLogs, { token: staff.ta.token, query: {} })).status).toBe(403);
    expect((await t.apiError(systemApi.errorLogs, { token: admin, query: { size: 0 } })).status).toBe(400);

    // ERROR_LOG_RATE_PER_MINUTE reports a minute from one address, the first above included (the refused one is not counted); the next is refused.
    const flood = [];
    for (let i = 0; i < ERROR_LOG_RATE_PER_MINUTE - 1; i++) flood.push((await outcomeOf(t.api(systemApi.logError, { ip, body: { message: `e${i}` } }))).status);
    expect(flood.every((s) => s === 200)).toBe(true);
    expect((await t.apiError(systemApi.logError, { ip, body: { message: 'one too many' } })).status).toBe(429);
  });
});
