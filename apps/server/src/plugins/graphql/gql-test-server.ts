import { createRequire } from 'node:module';
import type { DataProvider } from '@refinedev/core';
import type { GraphQLClient as GraphQLClientType } from '@refinedev/nestjs-query';
import type { Client as UrqlClient } from '@urql/core';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';

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
  providers: (token: string | null) => {
    graphql: Required<DataProvider>;
    nestjs: Required<DataProvider>;
  };
  /** One raw POST through HTTP, for shapes the providers never send. */
  post: (body: unknown, token?: string | null) => Promise<{ status: number; json: GqlReply }>;
  close: () => Promise<void>;
};

export type GqlReply = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

const PASSWORDS: Record<string, string> = { admin: 'admin1234!', manager: 'manager1234!', ta01: 'ta1234!', student01: 'student1234!', student02: 'student1234!' };

export async function startGqlServer(): Promise<GqlTestServer> {
  const t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}/api/gql`;
  const tokens = new Map<string, string>();
  return {
    t,
    url,
    async token(loginId) {
      let tok = tokens.get(loginId);
      if (!tok) tokens.set(loginId, (tok = await t.login(loginId, PASSWORDS[loginId]!)));
      return tok;
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
