import type { HttpRequestSpec, Scenario } from '../types.ts';

/**
 * The public board as visitors read it: the first page (pinned notices and the newest posts, the
 * count for paging), later pages, and a title search — over the 20,000 posts of the board's
 * `seed:large` step, without a session, eight readers at once.
 */
export const scenarios: Scenario[] = [
  {
    kind: 'http',
    name: 'board: public list (page 1 with pinned notices, pages 2–50) over 20,000 posts, c=8',
    target: 'p99 ≤ 30 ms',
    connections: 8,
    prepare: async () => {
      const specs: HttpRequestSpec[] = [{ method: 'GET', path: '/api/board?page=1&size=10' }];
      for (let p = 2; p <= 50; p += 6) specs.push({ method: 'GET', path: `/api/board?page=${p}&size=10` });
      return specs;
    },
  },
  {
    kind: 'http',
    name: 'board: title search (short Korean words, counted) over 20,000 posts, c=8',
    connections: 8,
    prepare: async () => ['보강', '교재', '클리닉 예약', '주차'].map((q) => ({ method: 'GET' as const, path: `/api/board?page=1&size=10&q=${encodeURIComponent(q)}` })),
  },
  {
    kind: 'http',
    name: 'board: staff list of unanswered questions, c=8',
    target: 'p99 ≤ 30 ms',
    connections: 8,
    prepare: async (env) => [{ method: 'GET', path: '/api/board?page=1&size=15&status=unanswered', headers: { authorization: `Bearer ${env.tokens.ta}` } }],
  },
];
