import type { CustomResult } from './types.ts';

type Row = { name: string } & CustomResult;

/**
 * `npm run bench -- --quick`: the performance guard of CI (issue 17). The ratio scenarios run for a
 * few seconds each; each ratio compares our layers with the same work done without them in the
 * same run, so it holds on a slower or busier machine where absolute times do not. CI fails only on
 * a collapse: a ratio below half of its target, or, for a ratio not yet at its target, below half
 * of what it `reached` on this 2-core machine, quiet, when the guard was last set (the figures of
 * issue 17's note). Absolute figures are reported, never judged.
 */
export type Guard = { name: string; scenarios: string[]; target: number; reached: number; ratio: (rows: Row[]) => number | null };

/**
 * A quiet run on the 2-core machine (load average 1.3–3.3), 2026-11-28, recorded in issue 17's note
 * (the guard was first set on 2026-11-25 at /me 0.3, its CPU 0.2, GraphQL 0.61, PGlite 0.21).
 * PGlite was raised on 2026-11-29 from 0.49 to the quick run's 0.88 (the worker prepares statements
 * and the request thread reads the replies), which puts its floor at half of its target, 0.4.
 * /me and GraphQL were raised on 2026-11-29 (stop 32) to their targets, reached in every full and
 * quick run that day (/me ÷ bare 0.97–1.04 as the median of alternating rounds, GraphQL 0.87–0.98),
 * which puts their floors at 0.425. The CPU ratio of /me keeps its 0.38 (floor 0.19): it has no
 * target of the issue's and was 0.69–0.78 that day.
 */
const REACHED = { authMe: 0.85, authMeCpu: 0.38, gql: 0.85, upload: 1.4, pglite: 0.88 };

const byName = (rows: Row[], prefix: string) => rows.find((r) => r.name.startsWith(prefix));
const extra = (row: Row | undefined, key: string) => (typeof row?.extra?.[key] === 'number' ? (row.extra[key] as number) : null);

export const GUARDS: Guard[] = [
  {
    name: 'GET /api/auth/me ÷ bare Fastify, same SQL',
    scenarios: ['auth: GET /api/auth/me', 'auth: same GET, layers stripped'],
    target: 0.85,
    reached: REACHED.authMe,
    // The median of the rounds' ratios (run.ts runPair): ours and bare take turns.
    ratio: (rows) => extra(byName(rows, 'auth: GET /api/auth/me'), '÷ bare (median of rounds)'),
  },
  {
    // The same two runs in server CPU per request: what our layers cost, whatever else the machine does.
    name: 'GET /api/auth/me, server CPU per request: bare ÷ ours',
    scenarios: [],
    target: 0.85,
    reached: REACHED.authMeCpu,
    ratio: (rows) => extra(byName(rows, 'auth: GET /api/auth/me'), 'CPU bare ÷ ours (median of rounds)'),
  },
  {
    name: 'GraphQL grid page ÷ the same SQL through the driver',
    scenarios: ['gql: grid page'],
    target: 0.85,
    reached: REACHED.gql,
    ratio: (rows) => extra(byName(rows, 'gql: grid page'), 'gql/driver'),
  },
  {
    name: '256 MB upload ÷ raw disk write',
    scenarios: ['files: 256 MB multipart upload'],
    target: 0.6,
    reached: REACHED.upload,
    ratio: (rows) => extra(byName(rows, 'files: 256 MB multipart upload'), 'ratio'),
  },
  {
    name: 'mixed reads on PGlite ÷ on PostgreSQL',
    scenarios: ['ops: mixed read load on embedded PGlite'],
    target: 0.8,
    reached: REACHED.pglite,
    ratio: (rows) => extra(byName(rows, 'ops: mixed read load on embedded PGlite'), 'ratio'),
  },
];

/** The import of 3,000 students runs too: its time is reported beside the ratios, not judged. */
export const QUICK_SCENARIOS = [...GUARDS.flatMap((g) => g.scenarios), 'students: Excel import of 3,000 rows'];

export type GuardResult = { name: string; ratio: number | null; target: number; collapseBelow: number; ok: boolean };

export function judge(rows: Row[]): GuardResult[] {
  return GUARDS.map((g) => {
    const ratio = g.ratio(rows);
    const collapseBelow = Math.min(g.target, g.reached) / 2;
    return { name: g.name, ratio: ratio === null ? null : Number(ratio.toFixed(2)), target: g.target, collapseBelow, ok: ratio !== null && ratio >= collapseBelow };
  });
}
