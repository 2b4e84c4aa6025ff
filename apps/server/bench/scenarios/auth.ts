import { authApi } from '@academy/contracts/auth';
import type { Scenario } from '../types.ts';

const json = { 'content-type': 'application/json' };
const api = (e: { path: string }) => `/api${e.path}`;

export const scenarios: Scenario[] = [
  {
    kind: 'http',
    name: 'auth: login (argon2id verify)',
    connections: 8,
    // Eight TAs signing in at once, each request the next of the seed's 30 accounts: one account
    // signing in eight times at once is what the sign-in throttle refuses (429), as designed.
    prepare: async () => [
      { method: 'POST', path: api(authApi.login), headers: json, bodies: Array.from({ length: 30 }, (_, i) => JSON.stringify({ loginId: `bta${String(i + 1).padStart(2, '0')}`, password: 'ta1234!' })) },
    ],
  },
  {
    kind: 'http',
    name: 'auth: refresh (rotating cookie)',
    connections: 16,
    // Each connection starts from its own session and carries the rotated cookie forward:
    // re-sending a used token would (correctly) revoke the family.
    prepare: async () => [{ method: 'POST', path: api(authApi.refresh), rotateRefreshCookie: true }],
  },
  {
    kind: 'pair',
    name: 'auth: GET /api/auth/me (token + schema)',
    bareName: 'auth: same GET, layers stripped (bare)',
    connections: 32,
    // The same request to both, token included (which bare Fastify does not read): what is
    // compared is the server's work on it, not the size of what the client sends.
    prepare: async (env) => {
      const headers = { authorization: `Bearer ${env.tokens.ta}` };
      return { ours: [{ method: 'GET', path: api(authApi.me), headers }], bare: [{ method: 'GET', path: `/bare/me/${env.userIds.ta}`, headers }] };
    },
  },
];
