import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeAccount, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { createLimits } from '../../lib/limits/limits.ts';
import { createThrottle, THROTTLE_RULES } from './throttle.service.ts';

/** Issue 16, item 4: growing delays per login id and per address, counted atomically in the database. */

let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await makeAccount(t, { userType: 'ADMIN', loginId: 'boss', password: 'admin1234!' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const login = (loginId: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password }, remoteAddress: ip });

describe('sign-in throttle', () => {
  it('40 parallel wrong attempts run at most the free password checks', async () => {
    const [s] = await makeStudents(t, 1);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login(s!.loginId, `wrong-${i}-pw`, '198.51.100.40')));
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(THROTTLE_RULES.pair.free);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(40 - checked);
  });

  it('the delays grow after each further failure', async () => {
    const [s] = await makeStudents(t, 1);
    const ip = '198.51.100.41';
    for (let i = 0; i < THROTTLE_RULES.pair.free; i++) expect((await login(s!.loginId, 'wrong-pw-1', ip)).statusCode).toBe(401);
    for (const seconds of [1, 2, 4, 8]) {
      const refused = await login(s!.loginId, 'wrong-pw-1', ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toContain(`${seconds}초 후`);
      t.clock.advance(seconds * 1000);
      expect((await login(s!.loginId, 'wrong-pw-1', ip)).statusCode).toBe(401);
    }
  });

  it("the admin is not kept out by someone else's failures from another address", async () => {
    for (let i = 0; i < 30; i++) {
      const r = await login('boss', `guess-${i}-pw`, `203.0.113.${i % 5}`);
      expect([401, 429]).toContain(r.statusCode);
    }
    expect((await login('boss', admin.password, '192.0.2.10')).statusCode).toBe(200);
  });

  it('beyond that, a distributed attack on one account delays its owner by at most a minute', async () => {
    for (let i = 0; i < THROTTLE_RULES.account.free + 5; i++) await login('boss', `guess-${i}-pw`, `203.0.${Math.floor(i / 4)}.${i % 4}`);
    const owner = await login('boss', admin.password, '192.0.2.10');
    if (owner.statusCode === 429) {
      t.clock.advance(THROTTLE_RULES.account.backoff.maxDelaySeconds * 1000);
      expect((await login('boss', admin.password, '192.0.2.10')).statusCode).toBe(200);
    } else expect(owner.statusCode).toBe(200);
  });

  it('spraying many accounts from one address is slowed: past the free checks, one guess per account, then the waits', async () => {
    const students = await makeStudents(t, 30);
    // Each account gets its first guess from the address (a student with no failures of their own
    // is never held back by the others'), and the address counts them all.
    for (const s of students) expect((await login(s.loginId, 'spray-pw-1', '198.51.100.99')).statusCode).toBe(401);
    const second: number[] = [];
    for (const s of students) second.push((await login(s.loginId, 'spray-pw-2', '198.51.100.99')).statusCode);
    expect(second.every((c) => c === 429)).toBe(true);
    // Other addresses are unaffected; successful sign-ins from a shared address do not count.
    expect((await login(students[0]!.loginId, students[0]!.password, '198.51.100.100')).statusCode).toBe(200);
  });

  it('of two sign-ins at once, the one that read the clock first and reached the database second is not refused', async () => {
    // Students arriving together on the academy Wi-Fi: each claim takes the time, then waits for
    // the address's row; a later time committed first must not make the earlier one "too early".
    const base = t.clock.now.getTime();
    let at = base + 1_000;
    const throttle = createThrottle({ limits: createLimits({ db: t.ctx.db, now: () => new Date(at) }) });
    await throttle.claim({ loginId: 'late-reader', ip: '198.51.100.201' });
    at = base;
    await expect(throttle.claim({ loginId: 'early-reader', ip: '198.51.100.201' })).resolves.toMatchObject({ claim: { ok: true } });
  });

  it('students signing in from one address (the academy Wi-Fi) are not slowed', async () => {
    const students = await makeStudents(t, 30);
    for (const s of students) expect((await login(s.loginId, s.password, '198.51.100.200')).statusCode).toBe(200);
  });
});
