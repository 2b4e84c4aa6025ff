import { request } from 'node:http';
import { getChoseong } from 'es-hangul';
import { pick, rng } from '../../src/db/seed/korean.ts';
import { generatedRows, importWorkbook, multipartBody } from '../../src/modules/students/students.testkit.ts';
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

/** Live students of the large center (their profiles come from the students module's step of `seed:large`). */
async function allStudents(env: BenchEnv): Promise<{ name: string; phone: string | null }[]> {
  return env.modules.students.listAll({ status: 'active', sortField: 'name', sortDir: 'asc' });
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
      const students = await allStudents(env);
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
      const students = await allStudents(env);
      const mix = searchMix(students);
      let i = 0;
      return timeLoop({
        concurrency: 32,
        durationMs: 10_000,
        fn: () => {
          const m = mix[i++ % mix.length]!;
          return env.modules.students.list({ page: 1, pageSize: 50, status: 'active', search: m.search, sortField: m.sortByGrade ? 'grade' : 'name', sortDir: m.sortByGrade ? 'desc' : 'asc' });
        },
      });
    },
  },
  {
    kind: 'custom',
    name: 'students: Excel import of 3,000 rows (validate, hash initial passwords, one transaction)',
    target: '≤ 1.5 s',
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
