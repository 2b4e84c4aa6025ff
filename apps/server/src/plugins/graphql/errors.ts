import type { GraphQLError } from 'graphql';
import { fieldMessage } from '@academy/contracts/field-labels';
import { graphql } from './graphql-js.ts';

/**
 * GraphQL errors carry the same stable codes as the REST API (`validation.invalid`,
 * `auth.forbidden`, `<resource>.not_found` …) in `extensions.code`; validation errors also name
 * the offending `field`.
 */
export function gqlError(opts: { code: string; message: string; field?: string; status?: number }): GraphQLError {
  return new graphql.GraphQLError(opts.message, {
    extensions: { code: opts.code, ...(opts.field ? { field: opts.field } : {}), ...(opts.status ? { status: opts.status } : {}) },
  });
}

export const invalid = (field: string, message: string) => gqlError({ code: 'validation.invalid', field, message: fieldMessage(field, message) });

export const notAllowed = () => gqlError({ code: 'auth.forbidden', message: '이 작업을 할 권한이 없습니다', status: 403 });

export const signInRequired = () => gqlError({ code: 'auth.required', message: '로그인이 필요합니다', status: 401 });
