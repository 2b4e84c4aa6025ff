import autocannon from 'autocannon';
import { pushAlertTemplatesResource } from '../../src/modules/push-alert-templates/index.ts';
import { listStatements } from '../../src/plugins/graphql/schema.ts';
import { commCpuSecondsBetween, commCpuSnapshot, treeCpuSeconds } from '../cpu.ts';
import { timeLoop, type BenchEnv, type CustomResult, type Scenario } from '../types.ts';

/**
 * A CRM grid page through /api/gql — 20 rows of 10,000, filtered (category in …, active, title
 * contains …) and sorted (newest first), with totalCount, as @refinedev/graphql sends it — against
 * the very same two SQL statements sent straight through the database driver from this process,
 * both at concurrency 32. The ratio is what the GraphQL layer (HTTP, auth, parse/validate, resolve,
 * serialise) costs on top of the database.
 */
const ROWS = 10_000;
const CONCURRENCY = 32;
const duration = Number(process.env.BENCH_DURATION ?? 10);

const QUERY = `query PushAlertTemplates($filter: PushAlertTemplateFilter!, $sorting: [PushAlertTemplateSort!]!, $paging: OffsetPaging!) {
  pushAlertTemplates(filter: $filter, sorting: $sorting, paging: $paging) {
    nodes { id title category body isActive createdAt updatedAt }
    totalCount
  }
}`;

const CATEGORY_SETS = [['출결', '성적'], ['클리닉', '상담'], ['성적', '일반'], ['출결', '클리닉', '상담']];
const WORDS = ['안내', '결과', '예약', '확정'];

function variables(i: number) {
  return {
    filter: { category: { in: CATEGORY_SETS[i % CATEGORY_SETS.length] }, isActive: { is: true }, title: { iLike: `%${WORDS[i % WORDS.length]}%` } },
    sorting: [{ field: 'createdAt', direction: 'DESC' }],
    paging: { limit: 20, offset: (i % 5) * 20 },
  };
}

/** Tops the table up to 10,000 templates, spread over categories, words and two years of dates. */
async function ensureRows(env: BenchEnv): Promise<void> {
  const [row] = await env.driver.query<{ n: number }>('select count(*)::int as n from push_alert_templates');
  const missing = ROWS - (row?.n ?? 0);
  if (missing <= 0) return;
  await env.driver.query(
    `insert into push_alert_templates (title, category, body, is_active, created_at, updated_at)
     select (array['결석','지각','성적','클리닉','상담','휴원','보강','시험'])[1 + g % 8] || ' ' ||
              (array['안내','결과','예약','확정','알림'])[1 + (g / 8) % 5] || ' ' || g,
            (array['출결','성적','클리닉','상담','일반'])[1 + (g / 3) % 5],
            '[한빛학원] #{이름} 학생 ' || g || '번 안내입니다. 점수 #{점수}점, 자세히: #{링크}',
            g % 7 <> 0,
            now() - (g || ' minutes')::interval * 97,
            now() - (g || ' minutes')::interval * 13
       from generate_series(1, $1::int) as g`,
    [missing],
  );
  await env.driver.query('analyze push_alert_templates');
}

async function measure(env: BenchEnv): Promise<CustomResult> {
  await ensureRows(env);
  const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify({ query: QUERY, variables: variables(i) }));

  // Warm-up, and a check that the route answers what the driver answers.
  const check = await fetch(`${env.baseUrl}/api/gql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${env.tokens.admin}` }, body: bodies[0] });
  const checked = (await check.json()) as { data?: { pushAlertTemplates: { nodes: unknown[]; totalCount: number } }; errors?: unknown[] };
  if (!checked.data || checked.errors) throw new Error(`gql answered ${JSON.stringify(checked).slice(0, 300)}`);

  const requests = bodies.map((body) => ({ method: 'POST' as const, path: '/api/gql', headers: { 'content-type': 'application/json', authorization: `Bearer ${env.tokens.admin}` }, body }));
  // A few seconds of the same load first: a server just started compiles its code and fills its
  // caches on the first requests, and the driver's side below runs on a warm PostgreSQL.
  await autocannon({ url: `${env.baseUrl}/api/gql`, connections: CONCURRENCY, duration: Math.min(3, duration), requests });

  const cpu = () => ({ server: treeCpuSeconds(env.serverPid), db: commCpuSnapshot('postgres'), bench: process.cpuUsage() });
  const perRequest = (a: ReturnType<typeof cpu>, b: ReturnType<typeof cpu>, n: number) => {
    const db = commCpuSecondsBetween(a.db, b.db);
    return {
      server: a.server !== null && b.server !== null ? Math.round(((b.server - a.server) * 1e6) / n) : null,
      db: db === null ? null : Math.round((db * 1e6) / n),
      bench: Math.round((b.bench.user + b.bench.system - a.bench.user - a.bench.system) / n),
    };
  };
  const g0 = cpu();
  const viaGql = await autocannon({
    url: `${env.baseUrl}/api/gql`,
    connections: CONCURRENCY,
    duration,
    requests,
  });

  const gqlCpu = perRequest(g0, cpu(), viaGql.requests.total);

  const admin = { userId: env.userIds.admin, loginId: 'admin', userType: 'ADMIN' as const, isAdminLevel: false };
  const statements = Array.from({ length: 20 }, (_, i) => {
    const v = variables(i);
    const s = listStatements({ res: pushAlertTemplatesResource, user: admin as never, filter: v.filter, sorting: v.sorting as never, paging: v.paging });
    return { nodes: s.nodes!, count: s.count! };
  });
  const [first] = await env.driver.query<{ n: number }>(statements[0]!.count.text, statements[0]!.count.params);
  if (first?.n !== checked.data.pushAlertTemplates.totalCount) throw new Error('driver and gql disagree on totalCount');

  let k = 0;
  const d0 = cpu();
  const direct = await timeLoop({
    concurrency: CONCURRENCY,
    durationMs: duration * 1000,
    fn: async () => {
      const s = statements[k++ % statements.length]!;
      await Promise.all([env.driver.query(s.nodes.text, s.nodes.params), env.driver.query(s.count.text, s.count.params)]);
    },
  });

  const directCpu = perRequest(d0, cpu(), k);
  const gqlRps = viaGql.requests.average;
  return {
    rps: gqlRps,
    p50Ms: viaGql.latency.p50,
    p99Ms: viaGql.latency.p99,
    errors: viaGql.errors + viaGql.non2xx,
    extra: {
      'driver req/s': Math.round(direct.rps ?? 0),
      'driver p50': Number((direct.p50Ms ?? 0).toFixed(2)),
      'driver p99': Number((direct.p99Ms ?? 0).toFixed(2)),
      'gql/driver': Number((gqlRps / (direct.rps || 1)).toFixed(2)),
      matches: checked.data.pushAlertTemplates.totalCount,
      // CPU per page in µs: what PostgreSQL spends should match; the server's is what our layers cost.
      'gql server CPU µs': gqlCpu.server ?? 'n/a',
      'gql PostgreSQL CPU µs': gqlCpu.db ?? 'n/a',
      'gql bench (autocannon) CPU µs': gqlCpu.bench,
      'driver PostgreSQL CPU µs': directCpu.db ?? 'n/a',
      'driver bench CPU µs': directCpu.bench,
    },
  };
}

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'gql: grid page (20 of 10,000 templates, filtered + sorted + totalCount) via /api/gql vs same SQL via driver, concurrency 32',
    target: 'gql ≥ 0.5 × driver req/s, p99 < 30 ms',
    measure,
  },
];
