import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from './instances.ts';

/**
 * Two server processes on one PostgreSQL, as the product scales out. Runs with TEST_DATABASE_URL
 * (PGlite is one process by design).
 * - The sign-in throttle counts across instances: one counter per login id and address
 *   (modules/auth/throttle.service.ts on src/lib/limits' rate_limits rows), so a second instance is no way around it.
 * - A sign-out on one instance ends the access token on the other, whose session cache hears of
 *   it (modules/users/session-cache.ts).
 */
const base = process.env.TEST_DATABASE_URL;

let dbName: string;
let dbUrl: string;
const running: Instance[] = [];

async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, values)).rows as T[];
  } finally {
    await c.end();
  }
}

const wrongLogin = (i: Instance) =>
  fetch(`${i.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: 'admin', password: 'not-the-password-1' }) }).then((r) => r.status);

describe.skipIf(!base)('two instances on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    dbName = `t_instances_${process.pid}_${randomBytes(3).toString('hex')}`;
    await query(base!, `create database ${dbName}`);
    const u = new URL(base!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    const env = { DATABASE_URL: dbUrl, DEMO_DATA: 'true', JWT_SECRET: 'throttle-two-instances-secret-0123456789', NODE_ENV: 'development', DATA_DIR: `/tmp/academy-throttle-${process.pid}` };
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await startInstance(env);
    running.push(a);
    b = await startInstance(env);
    running.push(b);
  }, 120_000);

  afterAll(async () => {
    for (const i of running) await i.stop();
    if (dbName) await query(base!, `drop database if exists ${dbName} with (force)`);
  });

  it('wrong passwords on either instance land on one counter', async () => {
    for (const i of [a, a, a, b, b]) expect(await wrongLogin(i)).toBe(401);
    const rows = await query<{ rule: string; subject: string; attempts: number }>(dbUrl, `select rule, subject, attempts from rate_limits where rule in ('signin.pair', 'signin.account') and split_part(subject, E'\\n', 1) = 'admin' order by rule`);
    // The login id from this address, and the login id from anywhere: five each, not 3 + 2.
    expect(rows).toEqual([
      { rule: 'signin.account', subject: 'admin', attempts: 5 },
      { rule: 'signin.pair', subject: 'admin\n127.0.0.1', attempts: 5 },
    ]);
  });

  it('a burst split over both instances runs fewer password checks than two separate counters would allow', async () => {
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, n) => wrongLogin(n % 2 ? a : b)));
    // The five free checks are spent: each further check needs its growing delay to pass first,
    // so a burst gets a few at most; two counters of their own would have let ten through.
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(10);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('a sign-out on one instance ends the access token on the other', async () => {
    const signIn = await fetch(`${a.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: 'ta01', password: 'ta1234!' }) });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const me = (i: Instance) => fetch(`${i.url}/api/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    // Both instances have checked the token, so both hold its session in memory.
    expect((await me(a)).status).toBe(200);
    expect((await me(b)).status).toBe(200);
    expect((await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: { cookie } })).status).toBeLessThan(300);
    expect((await me(a)).status).toBe(401);
    // The other instance hears of it by NOTIFY as the sign-out commits: asked again until it answers 401.
    let status = 200;
    for (let i = 0; i < 2000 && status === 200; i++) status = (await me(b)).status;
    expect(status).toBe(401);
  });
});
