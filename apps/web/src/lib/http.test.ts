import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ApiError, api, configureHttp } from './http.ts';
import { pendingRequests } from './loading.ts';
import { networkDisconnected } from './network.ts';
import { singleFlight } from './single-flight.ts';

type Call = { url: string; auth: string | null; method: string; credentials: RequestCredentials | undefined };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake server: answers by path with whatever the test scripted, recording each call. */
function fakeServer(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = { url: String(input), auth: headers.get('authorization'), method: init?.method ?? 'GET', credentials: init?.credentials };
    calls.push(call);
    return handler(call);
  }) as typeof fetch;
  return { calls, fetchImpl };
}

let token: string | null;
let refreshes: number;
let expired: number;

function useAuth(args: { refreshWorks: boolean }) {
  configureHttp({
    auth: {
      getToken: () => token,
      refresh: singleFlight(async () => {
        refreshes++;
        await new Promise((r) => setTimeout(r, 5));
        if (!args.refreshWorks) return false;
        token = 'fresh';
        return true;
      }),
      onExpired: () => {
        expired++;
        token = null;
      },
    },
  });
}

beforeEach(() => {
  token = 'stale';
  refreshes = 0;
  expired = 0;
});
afterEach(() => {
  pendingRequests.set([]);
  networkDisconnected.set(false);
});

describe('http client', () => {
  test('sends the bearer token, credentials and the /api base; an empty bearer when signed out', async () => {
    useAuth({ refreshWorks: true });
    const server = fakeServer(() => json(200, { ok: true }));
    configureHttp({ fetch: server.fetchImpl });
    await api.get('/notice', { query: { a: 1, b: undefined } });
    token = null;
    await api.get('/notice');
    expect(server.calls[0]).toMatchObject({ url: '/api/notice?a=1', auth: 'Bearer stale', credentials: 'include' });
    expect(server.calls[1]?.auth?.trim()).toBe('Bearer');
  });

  test('concurrent 401s refresh once and each request is retried once with the new token', async () => {
    useAuth({ refreshWorks: true });
    const server = fakeServer((c) => (c.auth === 'Bearer fresh' ? json(200, { url: c.url }) : json(401, { code: 'auth.token_expired', message: '만료' })));
    configureHttp({ fetch: server.fetchImpl });
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(refreshes).toBe(1);
    expect(server.calls).toHaveLength(6);
  });

  test('a second 401 after the retry is returned, not retried again', async () => {
    useAuth({ refreshWorks: true });
    const server = fakeServer(() => json(401, { code: 'auth.required', message: '로그인이 필요합니다' }));
    configureHttp({ fetch: server.fetchImpl });
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401, code: 'auth.required' });
    expect(server.calls).toHaveLength(2);
    expect(refreshes).toBe(1);
  });

  test('a failed refresh ends the session', async () => {
    useAuth({ refreshWorks: false });
    const server = fakeServer(() => json(401, { code: 'auth.token_expired', message: '만료' }));
    configureHttp({ fetch: server.fetchImpl });
    await expect(api.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(expired).toBe(1);
    expect(server.calls).toHaveLength(1);
  });

  test('a 401 from login is an answer, not an expired token', async () => {
    useAuth({ refreshWorks: true });
    const server = fakeServer(() => json(401, { code: 'auth.invalid_credentials', message: '아이디 또는 비밀번호가 올바르지 않습니다' }));
    configureHttp({ fetch: server.fetchImpl });
    await expect(api.post('/auth/login', { loginId: 'x', password: 'y' })).rejects.toMatchObject({ status: 401, message: '아이디 또는 비밀번호가 올바르지 않습니다' });
    expect(refreshes).toBe(0);
    expect(expired).toBe(0);
  });

  test('errors carry the server code and message; non-JSON errors get a Korean fallback', async () => {
    useAuth({ refreshWorks: true });
    const server = fakeServer((c) => (c.url.endsWith('/x') ? json(400, { code: 'validation.invalid', message: 'phone: 전화번호 형식이 올바르지 않습니다' }) : new Response('bad gateway', { status: 502 })));
    configureHttp({ fetch: server.fetchImpl });
    await expect(api.post('/x', {})).rejects.toMatchObject({ status: 400, code: 'validation.invalid', message: 'phone: 전화번호 형식이 올바르지 않습니다' });
    await expect(api.get('/y')).rejects.toMatchObject({ status: 502, code: 'http.502' });
  });

  test('a network failure raises the disconnect flag and rejects with status 0', async () => {
    useAuth({ refreshWorks: true });
    configureHttp({ fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
    await expect(api.get('/a')).rejects.toMatchObject({ status: 0, code: 'network.error' });
    expect(networkDisconnected.get()).toBe(true);
  });

  test('writes are tracked as pending (global overlay) until they settle; reads are not', async () => {
    useAuth({ refreshWorks: true });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    configureHttp({ fetch: (async () => { await gate; return json(200, {}); }) as typeof fetch });
    const write = api.put('/admin/notice', { content: 'x' });
    const read = api.get('/notice');
    expect(pendingRequests.get()).toHaveLength(1);
    release();
    await Promise.all([write, read]);
    expect(pendingRequests.get()).toHaveLength(0);
  });
});
