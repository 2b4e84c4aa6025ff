import { authApi } from '@academy/contracts/auth';
import type { Scenario } from '../types.ts';

const json = { 'content-type': 'application/json' };
const api = (e: { path: string }) => `/api${e.path}`;

export const scenarios: Scenario[] = [
  {
    kind: 'http',
    name: 'auth: login (argon2id verify)',
    connections: 8,
    prepare: async () => [{ method: 'POST', path: api(authApi.login), headers: json, body: JSON.stringify({ loginId: 'bta01', password: 'ta1234!' }) }],
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
    kind: 'http',
    name: 'auth: GET /api/auth/me (token + schema)',
    connections: 32,
    prepare: async (env) => [{ method: 'GET', path: api(authApi.me), headers: { authorization: `Bearer ${env.tokens.ta}` } }],
  },
  {
    kind: 'http',
    name: 'auth: same GET, layers stripped (bare)',
    connections: 32,
    bare: true,
    // The same request as the real one, token included (which bare Fastify does not read): what is
    // compared is the server's work on it, not the size of what the client sends.
    prepare: async (env) => [{ method: 'GET', path: `/bare/me/${env.userIds.ta}`, headers: { authorization: `Bearer ${env.tokens.ta}` } }],
  },
];
