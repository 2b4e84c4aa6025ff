import { request } from 'node:http';
import { getChoseong } from 'es-hangul';
import { GRADES, SCHOOLS, mobile, pick, rng } from '../../src/db/seed/korean.ts';
import { searchColumns } from '../../src/modules/students/students.search.ts';
import { generatedRows, importWorkbook, multipartBody } from '../../src/modules/students/students.testkit.ts';
import { createStudentsService } from '../../src/modules/students/students.service.ts';
import { timeLoop, type BenchEnv, type HttpRequestSpec, type Scenario } from '../types.ts';

/** node:http rather than fetch: fetch gives up after 300 s without response headers. */
function post(opts: { url: string; headers: Record<string, string>; body: Buffer }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(opts.url, { method: 'POST', headers: { ...opts.headers, 'content-length': String(opts.body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * The large seed creates accounts only; the grid needs a profile (school, grade, search text) per
 * student. Filled here in batches, once, the same way the service writes them.
 */
async function ensureProfiles(env: BenchEnv): Promise<{ id: number; name: string; phone: string | null }[]> {
  const missing = await env.driver.query<{ id: number; name: string; login_id: string; phone: string | null; parent_phone: string | null }>(
    `select u.id, u.name, u.login_id, u.phone, p.parent_phone from users u left join student_profiles p on p.user_id = u.id
      where u.user_type = 'STUDENT' and (p.user_id is null or p.search_tokens = '{}')`,
  );
  const r = rng(77);
  for (let i = 0; i < missing.length; i += 1000) {
    const chunk = missing.slice(i, i + 1000);
    const parentPhones = chunk.map((s) => s.parent_phone ?? mobile(r));
    const cols = chunk.map((s, k) => searchColumns({ name: s.name, loginId: s.login_id, phone: s.phone, parentPhone: parentPhones[k]! }));
    await env.driver.query(
      `insert into student_profiles (user_id, parent_phone, school, grade, search_text, search_tokens)
       select u, pp, sc, gr, st, string_to_array(tk, ' ')
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) as v(u, pp, sc, gr, st, tk)
       on conflict (user_id) do update set search_text = excluded.search_text, search_tokens = excluded.search_tokens`,
      [
        chunk.map((s) => s.id),
        parentPhones,
        chunk.map(() => pick(r, SCHOOLS)),
        chunk.map(() => pick(r, GRADES)),
        cols.map((c) => c.searchText),
        cols.map((c) => c.searchTokens.join(' ')),
      ],
    );
  }
  await env.driver.query('analyze student_profiles');
  return env.driver.query(`select id, name, phone from users where user_type = 'STUDENT' and deleted_at is null order by id`);
}

/** The same mix of searches the HTTP scenario sends: 초성, name prefix, phone tail, full name. */
function searchMix(students: { name: string; phone: string | null }[]): { search: string; sortByGrade: boolean }[] {
  const r = rng(5);
  return Array.from({ length: 300 }, (_, i) => {
    const s = pick(r, students);
    const kind = i % 4;
    const search =
      kind === 0 ? getChoseong(s.name) // 초성: ㄱㅊㅅ
        : kind === 1 ? s.name.slice(0, 2) // name prefix: 김철
          : kind === 2 ? (s.phone ?? '0000').slice(-4) // phone tail digits
            : s.name;
    return { search, sortByGrade: i % 3 === 0 };
  });
}

export const scenarios: Scenario[] = [
  {
    kind: 'http',
    name: 'students: grid search over 10,000 students (초성, name, phone digits; page of 50)',
    target: 'p99 ≤ 30 ms',
    connections: 32,
    prepare: async (env) => {
      const students = await ensureProfiles(env);
      const specs: HttpRequestSpec[] = searchMix(students).map((m) => ({
        method: 'GET',
        path: `/api/students?page=1&pageSize=50&search=${encodeURIComponent(m.search)}${m.sortByGrade ? '&sortField=grade&sortDir=desc' : ''}`,
        headers: { authorization: `Bearer ${env.tokens.ta}` },
      }));
      // The unfiltered first page, as the grid opens.
      specs.push({ method: 'GET', path: '/api/students?page=1&pageSize=50', headers: { authorization: `Bearer ${env.tokens.ta}` } });
      return specs;
    },
  },
  {
    kind: 'custom',
    name: 'students: grid search, database only (the service queries without HTTP, concurrency 32)',
    target: 'baseline',
    measure: async (env) => {
      const students = await ensureProfiles(env);
      const svc = createStudentsService(env.ctx);
      const mix = searchMix(students);
      let i = 0;
      return timeLoop({
        concurrency: 32,
        durationMs: 10_000,
        fn: () => {
          const m = mix[i++ % mix.length]!;
          return svc.list({ page: 1, pageSize: 50, status: 'active', search: m.search, sortField: m.sortByGrade ? 'grade' : 'name', sortDir: m.sortByGrade ? 'desc' : 'asc' });
        },
      });
    },
  },
  {
    kind: 'custom',
    name: 'students: Excel import of 3,000 rows (validate, hash initial passwords, one transaction)',
    target: '≤ 3 s',
    measure: async (env) => {
      const prefix = `bench${Date.now() % 100000}x`;
      const file = await importWorkbook(generatedRows(3000, prefix));
      const send = async (dryRun: boolean) => {
        const body = multipartBody([
          { name: 'dryRun', value: String(dryRun) },
          { name: 'file', filename: 'students.xlsx', content: file },
        ]);
        const t0 = performance.now();
        const res = await post({ url: `${env.baseUrl}/api/students/excel`, headers: { ...body.headers, authorization: `Bearer ${env.tokens.ta}` }, body: body.payload });
        const json = JSON.parse(res.body) as { inserted?: number; errors?: unknown[] };
        return { ms: performance.now() - t0, ok: res.status === 200, inserted: json.inserted ?? 0, errors: json.errors?.length ?? -1 };
      };
      const dry = await send(true);
      const real = await send(false);
      // 3,000 students named 김학생… would skew any scenario that searches after this one.
      await env.driver.query(`delete from users where login_id like $1`, [`${prefix}%`]);
      return {
        p50Ms: real.ms,
        p99Ms: real.ms,
        errors: (real.ok ? 0 : 1) + (real.inserted === 3000 ? 0 : 1),
        extra: { 'dry-run ms': Math.round(dry.ms), 'import ms': Math.round(real.ms), inserted: real.inserted, 'row errors': real.errors },
      };
    },
  },
];
