/**
 * One declaration per API call, shared by the server (which validates, serializes and documents
 * with it) and the web (which calls it with typed input and gets a typed reply). An area's file in
 * this package exports its endpoints as one object, e.g. `lecturesApi.list`.
 *
 *   export const lecturesApi = {
 *     get: endpoint({
 *       method: 'GET', path: '/lectures/:id', tag: 'lectures', permission: 'TA',
 *       summary: '강좌 상세',
 *       reply: lectureDetail,            // a zod schema, or downloadReply(...) for files
 *     }),                                // `:id` becomes a numeric path parameter by itself
 *   };
 *
 * Paths are relative to /api. Path parameters named in the path are numeric ids unless `params`
 * says otherwise. `tag` is the area: the OpenAPI group and the root of the web's query keys.
 */
import { z } from 'zod';
import type { Permission } from './roles.ts';
import { idParam } from './validation.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A reply that is a file to download (an Excel sheet, a PDF) rather than JSON. */
export type FileReply = { kind: 'file'; contentType: string };

export const downloadReply = (contentType: string): FileReply => ({ kind: 'file', contentType });

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A multipart/form-data body: one file under `file` plus text fields checked by `fields`. */
export type MultipartBody<F extends z.ZodObject = z.ZodObject> = { kind: 'multipart'; fields: F; maxBytes: number; accept: string };

export const multipartBody = <F extends z.ZodObject>(opts: { fields: F; maxBytes: number; accept: string }): MultipartBody<F> => ({
  kind: 'multipart',
  ...opts,
});

/** `'/lectures/:id/weekly-lectures/:wlId'` → `'id' | 'wlId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type AutoParams<P extends string> = z.ZodObject<{ [K in PathParamNames<P>]: typeof idParam }>;

export type EndpointDef = {
  method: HttpMethod;
  path: string;
  /** Who may call it (SPEC §6); the server refuses everyone below. */
  permission: Permission;
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType | MultipartBody;
  reply: z.ZodType | FileReply;
  /** Largest JSON body accepted, when smaller than the server's 1 MB default. */
  maxBodyBytes?: number;
  /** Served at the site root instead of under /api (SPEC's /version.json). */
  atRoot?: true;
  /** Left out of the OpenAPI document (plumbing, not API). */
  hidden?: true;
};

export type Endpoint<D extends EndpointDef = EndpointDef> = Omit<D, 'params'> & {
  params: D['params'] extends z.ZodObject ? D['params'] : AutoParams<D['path']>;
};

/** Any endpoint, for code that handles them generically. */
export type AnyEndpoint = Omit<EndpointDef, 'params'> & { params: z.ZodObject };

export function endpoint<const D extends EndpointDef>(def: D): Endpoint<D> {
  const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = def.params ?? z.object(Object.fromEntries(names.map((n) => [n, idParam])));
  return { ...def, params } as unknown as Endpoint<D>;
}

export const isFileReply = (r: EndpointDef['reply']): r is FileReply => (r as FileReply).kind === 'file';
export const isMultipart = (b: EndpointDef['body']): b is MultipartBody => (b as MultipartBody | undefined)?.kind === 'multipart';

// What each side sees. The web sends the schemas' input types and receives the reply's output; the
// server receives the parsed (output) types and returns the reply's input.
/** False for `{}` and for `Record<string, never>` (what zod says an empty object takes). */
type HasKeys<T> = [keyof T] extends [never] ? false : string extends keyof T ? false : true;
type BodySchema<E> = E extends { body: infer B } ? B : undefined;
type Schema<T> = T extends z.ZodType ? T : never;

export type ParamsOf<E extends { params: z.ZodObject }> = z.output<E['params']>;
export type QueryOf<E extends EndpointDef> = E extends { query: infer Q extends z.ZodObject } ? z.output<Q> : undefined;
export type BodyOf<E extends EndpointDef> = BodySchema<E> extends MultipartBody<infer F> ? z.output<F> : BodySchema<E> extends z.ZodType ? z.output<BodySchema<E>> : undefined;
export type ReplyIn<E extends EndpointDef> = E['reply'] extends FileReply ? never : z.input<Schema<E['reply']>>;
export type ReplyOf<E extends EndpointDef> = E['reply'] extends FileReply ? Blob : z.output<Schema<E['reply']>>;

/** The input of a call from the web: only the parts the endpoint has, typed by its schemas. */
export type CallInput<E extends AnyEndpoint> = (HasKeys<z.input<E['params']>> extends true ? { params: z.input<E['params']> } : { params?: never }) &
  (E extends { query: infer Q extends z.ZodObject } ? { query?: z.input<Q> } : { query?: never }) &
  (BodySchema<E> extends MultipartBody ? { body: FormData } : BodySchema<E> extends z.ZodType ? { body: z.input<BodySchema<E>> } : { body?: never });

/** True when a call needs no input at all (`call(api.me)`). */
export type NoInput<E extends AnyEndpoint> = HasKeys<z.input<E['params']>> extends true
  ? false
  : BodySchema<E> extends z.ZodType | MultipartBody
    ? false
    : true;

/** '/lectures/:id' with {id: 3} → '/lectures/3'. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`경로 변수 ${name}이(가) 없습니다 (${path})`);
    return encodeURIComponent(String(v));
  });
}
