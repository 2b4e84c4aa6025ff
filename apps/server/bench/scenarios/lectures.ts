import type { BenchEnv, HttpRequestSpec, Scenario } from '../types.ts';

const json = { 'content-type': 'application/json' };

/** The 300-student lectures of the large seed (lectures.large.ts), each with 40 sessions. */
async function bigLectures(env: BenchEnv): Promise<{ id: number; sessions: number[]; roster: number[] }[]> {
  const rows = await env.database.query<{ id: number; sessions: number[]; roster: number[] }>(
    `select l.id,
            (select array_agg(w.id order by w.date) from weekly_lectures w where w.lecture_id = l.id) as sessions,
            (select array_agg(s.user_id) from lecture_students s where s.lecture_id = l.id and s.left_at is null) as roster
     from lectures l where l.name like '벤치 %' and l.disabled = false
       and (select count(*) from lecture_students s where s.lecture_id = l.id and s.left_at is null) = 300
     order by l.id limit 10`,
  );
  if (rows.length === 0) throw new Error('no 300-student lecture in the large seed (lectures.large.ts)');
  // Locks from the seed would refuse the whole bulk; the benchmark measures the write path.
  await env.database.query(`update weekly_lecture_participants set att_locked = false where lecture_id = any($1::int[])`, [rows.map((r) => r.id)]);
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
      const [types] = await env.database.query<{ ids: number[] }>('select array_agg(id order by seq) as ids from attendance_types');
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
    kind: 'http',
    name: 'lectures: landing list (60+ lectures with counts and next session)',
    connections: 8,
    prepare: async (env) => [{ method: 'GET', path: '/api/lectures', headers: { authorization: `Bearer ${env.tokens.admin}` } }],
  },
];
