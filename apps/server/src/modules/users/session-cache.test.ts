import { authApi } from '@academy/contracts/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createSessionCache, SESSION_CHANNEL } from './session-cache.ts';
import { makeStaff, type TestAccount } from './users.testkit.ts';

let t: TestApp;
let ta: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ ta } = await makeStaff(t));
}, 60_000);
afterAll(() => t.close());

/** Resolves with the next id announced on the session channel. */
const nextAnnouncement = async (): Promise<{ id: Promise<number>; stop: () => Promise<void> }> => {
  let resolve!: (id: number) => void;
  const id = new Promise<number>((r) => (resolve = r));
  const stop = await t.database.listen(SESSION_CHANNEL, (p) => resolve(Number(p)));
  return { id, stop };
};

const sessionQueries = async (fn: () => Promise<unknown>): Promise<number> => {
  let n = 0;
  const stop = t.database.observe((s) => {
    // The cache's source: the version alone (the routes' own reads ask for more columns).
    if (/^select "session_version" from "users"/i.test(s)) n++;
  });
  try {
    await fn();
  } finally {
    stop();
  }
  return n;
};

describe('session cache', () => {
  it('checks a signed-in account from memory after its first request', async () => {
    const token = await t.login(ta.loginId, ta.password);
    expect(await sessionQueries(() => t.api(authApi.me, { token }))).toBe(1);
    expect(await sessionQueries(async () => {
      for (let i = 0; i < 5; i++) await t.api(authApi.me, { token });
    })).toBe(0);
  });

  it('a change made by any code or tool, straight in SQL, ends the token once it commits', async () => {
    const token = await t.login(ta.loginId, ta.password);
    await t.api(authApi.me, { token });
    const heard = await nextAnnouncement();
    await t.database.db.execute(sql`update users set session_version = session_version + 1 where id = ${ta.id}`);
    expect(await heard.id).toBe(ta.id);
    await heard.stop();
    expect(await t.apiError(authApi.me, { token })).toMatchObject({ status: 401, code: 'auth.session_ended' });
  });

  it('deactivating and reactivating an account is announced as well; other columns are not', async () => {
    const ids: number[] = [];
    const stop = await t.database.listen(SESSION_CHANNEL, (p) => ids.push(Number(p)));
    await t.database.db.execute(sql`update users set name = name where id = ${ta.id}`);
    await t.database.db.execute(sql`update users set is_active = false where id = ${ta.id}`);
    await t.database.db.execute(sql`update users set is_active = true where id = ${ta.id}`);
    // A marker after them: announcements arrive in commit order.
    const marker = await nextAnnouncement();
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${ta.id}`);
    await marker.id;
    await marker.stop();
    await stop();
    expect(ids).toEqual([ta.id, ta.id, ta.id]);
    await t.database.db.execute(sql`update users set deleted_at = null where id = ${ta.id}`);
  });
});

describe('createSessionCache', () => {
  /** A listen that the test drives: `say` announces an id, `connection` reports the listener up or down. */
  const fakeChannel = () => {
    let say: (p: string) => void = () => {};
    let connection: (up: boolean) => void = () => {};
    const listen = async (_: string, onPayload: (p: string) => void, onConnection?: (up: boolean) => void) => {
      say = onPayload;
      connection = onConnection ?? (() => {});
      connection(true);
      return async () => {};
    };
    return { listen, say: (id: number) => say(String(id)), connection: (up: boolean) => connection(up) };
  };

  it('a read that started before a change does not store its older answer', async () => {
    const ch = fakeChannel();
    let version = 1;
    let release: () => void = () => {};
    let loads = 0;
    const cache = createSessionCache({
      listen: ch.listen,
      load: async () => {
        loads++;
        const seen = version;
        if (loads === 1) await new Promise<void>((r) => (release = r));
        return seen;
      },
    });
    await cache.start();
    const slow = cache.version(7);
    version = 2;
    ch.say(7);
    release();
    expect(await slow).toBe(1);
    expect(await cache.version(7)).toBe(2);
    expect(loads).toBe(2);
  });

  it('a local change is read from the database until its announcement arrives', async () => {
    const ch = fakeChannel();
    let loads = 0;
    const cache = createSessionCache({ listen: ch.listen, load: async () => (++loads, 3) });
    await cache.start();
    await cache.version(1);
    await cache.version(1);
    expect(loads).toBe(1);
    cache.changed([1]);
    await cache.version(1);
    await cache.version(1);
    expect(loads).toBe(3);
    ch.say(1);
    await cache.version(1);
    await cache.version(1);
    expect(loads).toBe(4);
  });

  it('while the listener is down nothing is cached, and what was cached is forgotten', async () => {
    const ch = fakeChannel();
    let loads = 0;
    const cache = createSessionCache({ listen: ch.listen, load: async () => (++loads, 0) });
    await cache.start();
    await cache.version(1);
    ch.connection(false);
    await cache.version(1);
    await cache.version(1);
    expect(loads).toBe(3);
    ch.connection(true);
    await cache.version(1);
    await cache.version(1);
    expect(loads).toBe(4);
  });
});
