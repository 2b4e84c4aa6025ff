import { withAdminPage } from '../browser.ts';
import type { BenchEnv, CustomResult, HttpRequestSpec, Scenario } from '../types.ts';

const json = { 'content-type': 'application/json' };

/** The 300-student lectures of the large seed (lectures.large.ts), each with 40 sessions. */
async function bigLectures(env: BenchEnv): Promise<{ id: number; sessions: number[]; roster: number[] }[]> {
  const rows = await env.driver.query<{ id: number; sessions: number[]; roster: number[] }>(
    `select l.id,
            (select array_agg(w.id order by w.date) from weekly_lectures w where w.lecture_id = l.id) as sessions,
            (select array_agg(s.user_id) from lecture_students s where s.lecture_id = l.id and s.left_at is null) as roster
     from lectures l where l.name like '벤치 %' and l.disabled = false
       and (select count(*) from lecture_students s where s.lecture_id = l.id and s.left_at is null) = 300
     order by l.id limit 10`,
  );
  if (rows.length === 0) throw new Error('no 300-student lecture in the large seed (lectures.large.ts)');
  // Locks from the seed would refuse the whole bulk; the benchmark measures the write path.
  await env.driver.query(`update weekly_lecture_participants set att_locked = false where lecture_id = any($1::int[])`, [rows.map((r) => r.id)]);
  return rows;
}

export const scenarios: Scenario[] = [
  {
    kind: 'http',
    name: 'lectures: bulk attendance, 300 participants in one transaction',
    target: 'p99 ≤ 100 ms',
    connections: 2,
    prepare: async (env) => {
      const lectures = await bigLectures(env);
      const [types] = await env.driver.query<{ ids: number[] }>('select array_agg(id order by seq) as ids from attendance_types');
      const specs: HttpRequestSpec[] = [];
      // Many different sessions, alternating types, so concurrent requests rarely wait on the same rows.
      for (const l of lectures) {
        for (const [k, wlId] of l.sessions.slice(-8).entries()) {
          specs.push({
            method: 'PUT',
            path: `/api/lectures/${l.id}/weekly-lectures/${wlId}/attendance/bulk`,
            headers: { ...json, authorization: `Bearer ${env.tokens.ta}` },
            body: JSON.stringify({ userIds: l.roster, attTypeId: types!.ids[k % 2] }),
          });
        }
      }
      return specs;
    },
  },
  {
    kind: 'http',
    name: 'lectures: attendance grid 300 students × 40 weeks, one call',
    target: 'p99 ≤ 150 ms',
    connections: 2,
    prepare: async (env) => {
      const lectures = await bigLectures(env);
      return lectures.map((l) => ({ method: 'GET' as const, path: `/api/lectures/${l.id}/attendance-grid`, headers: { authorization: `Bearer ${env.tokens.ta}` } }));
    },
  },
  {
    kind: 'custom',
    name: 'lectures: attendance grid first paint in Chromium (300 × 40)',
    target: '≤ 1000 ms',
    measure: (env) => measureGridPaint(env),
  },
  {
    kind: 'http',
    name: 'lectures: landing list (60+ lectures with counts and next session)',
    connections: 8,
    prepare: async (env) => [{ method: 'GET', path: '/api/lectures', headers: { authorization: `Bearer ${env.tokens.admin}` } }],
  },
];

/**
 * Opens a 300-student × 40-session lecture page in headless Chromium (system binary) and times,
 * from navigation start, until the sheet's rows are in the DOM: page load, both API calls and the
 * first render. Needs the built web app (apps/web/dist) served by the benchmark server.
 */
async function measureGridPaint(env: BenchEnv): Promise<CustomResult> {
  const lectures = await bigLectures(env);
  const lecture = lectures[0];
  return withAdminPage(env, async (page) => {
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      await page.goto(`/crm/lectures/${lecture!.id}`);
      const handle = await page.waitForFunction(() => document.querySelectorAll('[data-testid="att-row"]').length > 0 && performance.now(), undefined, { timeout: 20_000, polling: 'raf' });
      times.push(Number(await handle.jsonValue()));
    }
    // Inside the app (no page reload): from the click on a lecture card until its sheet's rows exist.
    const inApp: number[] = [];
    for (const l of lectures.slice(1)) {
      await page.goto('/crm/lectures');
      const link = page.locator(`a[href="/crm/lectures/${l.id}"]`);
      await link.waitFor({ state: 'attached' });
      const t0 = await page.evaluate(() => performance.now());
      await link.click();
      const handle = await page.waitForFunction(() => document.querySelectorAll('[data-testid="att-row"]').length > 0 && performance.now(), undefined, { timeout: 20_000, polling: 'raf' });
      inApp.push(Number(await handle.jsonValue()) - t0);
    }
    // The first load fetches the scripts; the rest are a TA reloading the sheet.
    const warm = times.slice(1).sort((a, b) => a - b);
    inApp.sort((a, b) => a - b);
    return {
      p50Ms: warm[Math.floor(warm.length / 2)],
      p99Ms: warm.at(-1),
      extra: { coldMs: Math.round(times[0]!), inAppP50Ms: Math.round(inApp[Math.floor(inApp.length / 2)] ?? 0), inAppMaxMs: Math.round(inApp.at(-1) ?? 0) },
    };
  });
}
