import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/instances.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeStaff, makeStudents } from '../modules/users/users.testkit.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let student: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  student = (await makeStudents(t, 1))[0]!.token;
});
afterAll(() => t.close());

describe('metrics', () => {
  it('admins read request latency by route, the job queues and the realtime streams in Prometheus format', async () => {
    await t.call('GET', '/api/health');
    await t.call('GET', '/api/no-such-route-12345');
    const res = await t.call('GET', '/api/metrics', staff.admin.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.raw.toString();
    expect(text).toMatch(/academy_http_request_duration_seconds_bucket\{[^}]*method="GET",route="\/api\/health",status="200"/);
    // Unknown URLs share one label instead of one series each.
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain('no-such-route-12345');
    expect(text).toContain('# TYPE academy_job_queue_jobs gauge');
    expect(text).toMatch(/academy_realtime_streams \d+/);
    expect(text).toContain('academy_process_resident_memory_bytes');
  });

  it('is for admins only on the API port', async () => {
    expect((await t.call('GET', '/api/metrics', staff.ta.token)).status).toBe(403);
    expect((await t.call('GET', '/api/metrics', student)).status).toBe(403);
    expect((await t.call('GET', '/api/metrics')).status).toBe(401);
  });

  it('can be served without a token on a port of its own', async () => {
    const port = await freePort();
    const close = await t.listenMetrics({ port, host: '127.0.0.1' });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('academy_http_request_duration_seconds');
    await close();
  });
});

describe('request ids', () => {
  it('every answer carries its request id; a plain x-request-id from a proxy is kept, anything else replaced', async () => {
    const own = await t.app.inject({ url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
