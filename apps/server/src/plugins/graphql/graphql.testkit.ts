import { createRequire } from 'node:module';
import type { DataProvider } from '@refinedev/core';
import type { GraphQLClient as GraphQLClientType } from '@refinedev/nestjs-query';
import type { Client as UrqlClient } from '@urql/core';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { addDemoTemplates } from '../../modules/push-alert-templates/push-alert-templates.testkit.ts';
import { makeAccount, makeStudents, type TestAccount } from '../../modules/users/users.testkit.ts';

// The providers' ESM builds import 'lodash/set' without an extension, which Node's ESM loader
// refuses; their CommonJS builds are the same code and load fine.
const require = createRequire(import.meta.url);
const { default: createGraphqlProvider } = require('@refinedev/graphql') as { default: (c: UrqlClient) => Required<DataProvider> };
const { default: createNestjsQueryProvider, GraphQLClient } = require('@refinedev/nestjs-query') as {
  default: (c: GraphQLClientType) => Required<DataProvider>;
  GraphQLClient: typeof GraphQLClientType;
};
const { Client, fetchExchange } = require('@urql/core') as typeof import('@urql/core');

/**
 * A real listening server for the GraphQL tests, and refine's two data providers pointed at it
 * exactly as a browser would use them (urql for @refinedev/graphql, graphql-request for
 * @refinedev/nestjs-query), signed in as the given account.
 */
export type GqlTestServer = {
  t: TestApp;
  url: string;
  token: (loginId: string) => Promise<string>;
  /** The named accounts made for the tests, by login id (admin, manager, ta01 … ta04, student01, student02). */
  accounts: Map<string, TestAccount>;
  providers: (token: string | null) => {
    graphql: Required<DataProvider>;
    nestjs: Required<DataProvider>;
  };
  /** One raw POST through HTTP, for shapes the providers never send. */
  post: (body: unknown, token?: string | null) => Promise<{ status: number; json: GqlReply }>;
  close: () => Promise<void>;
};

export type GqlReply = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/** The staff and the students the GraphQL tests sign in as, and the demo templates. */
async function fixture(t: TestApp): Promise<Map<string, TestAccount>> {
  const specs = [
    { loginId: 'admin', userType: 'ADMIN', name: '김원장' },
    { loginId: 'manager', userType: 'TA', isAdminLevel: true, name: '이실장' },
    { loginId: 'ta01', userType: 'TA', name: '박조교' },
    { loginId: 'ta02', userType: 'TA', name: '정다은' },
    { loginId: 'ta03', userType: 'TA', name: '한지우' },
    { loginId: 'ta04', userType: 'TA', name: '오세훈' },
    { loginId: 'student01', userType: 'STUDENT', name: '최민준', phone: '01055550001' },
    { loginId: 'student02', userType: 'STUDENT', name: '윤서연', phone: '01055550002' },
  ] as const;
  const accounts = new Map<string, TestAccount>();
  for (const spec of specs) accounts.set(spec.loginId, await makeAccount(t, spec));
  // More students, so a first page of ten is full.
  await makeStudents(t, 6);
  await addDemoTemplates(t);
  return accounts;
}

export async function startGqlServer(): Promise<GqlTestServer> {
  const t = await createTestApp({ seed: false });
  const accounts = await fixture(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}/api/gql`;
  return {
    t,
    url,
    accounts,
    async token(loginId) {
      return accounts.get(loginId)!.token;
    },
    providers(token) {
      const headers: Record<string, string> = token ? bearer(token) : {};
      const urql = new Client({ url, exchanges: [fetchExchange], requestPolicy: 'network-only', fetchOptions: () => ({ headers }) });
      return { graphql: createGraphqlProvider(urql), nestjs: createNestjsQueryProvider(new GraphQLClient(url, { headers })) };
    },
    async post(body, token) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as GqlReply };
    },
    close: () => t.close(),
  };
}
