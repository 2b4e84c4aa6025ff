import { afterEach, describe, expect, test } from 'vitest';
import { APP_VERSION, checkVersion, isNewerVersion, newVersionAvailable } from './version.ts';

const served = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

afterEach(() => newVersionAvailable.set(false));

describe('version check', () => {
  test('compares numerically, part by part', () => {
    expect(isNewerVersion({ served: '1.83.20', running: '1.83.19' })).toBe(true);
    expect(isNewerVersion({ served: '1.100.0', running: '1.83.19' })).toBe(true);
    expect(isNewerVersion({ served: '2', running: '1.83.19' })).toBe(true);
    expect(isNewerVersion({ served: '1.83.19', running: '1.83.19' })).toBe(false);
    expect(isNewerVersion({ served: '1.9.99', running: '1.83.19' })).toBe(false);
  });

  test('ignores replies that are not a version', () => {
    expect(isNewerVersion({ served: undefined, running: '1.0.0' })).toBe(false);
    expect(isNewerVersion({ served: 'latest', running: '1.0.0' })).toBe(false);
    expect(isNewerVersion({ served: 99, running: '1.0.0' })).toBe(false);
  });

  test('raises the flag only when the server serves a newer version', async () => {
    await checkVersion(served({ version: APP_VERSION }));
    expect(newVersionAvailable.get()).toBe(false);
    await checkVersion(served({ version: '99.0.0' }));
    expect(newVersionAvailable.get()).toBe(true);
  });

  test('failures are silently ignored', async () => {
    await expect(checkVersion((async () => { throw new TypeError('offline'); }) as typeof fetch)).resolves.toBeUndefined();
    await expect(checkVersion(served('not json', 500))).resolves.toBeUndefined();
    expect(newVersionAvailable.get()).toBe(false);
  });

  test('asks with a timestamp and without the cache', async () => {
    let url = '';
    let cache: RequestCache | undefined;
    await checkVersion((async (input: RequestInfo | URL, init?: RequestInit) => {
      url = String(input);
      cache = init?.cache;
      return new Response(JSON.stringify({ version: '1.0.0' }));
    }) as typeof fetch);
    expect(url).toMatch(/^\/version\.json\?t=\d+$/);
    expect(cache).toBe('no-store');
  });
});
