import { MAX_ID, textProblem } from '@academy/contracts/validation';
import { Column, SQL, sql, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../auth.ts';
import { invalid } from './errors.ts';
import { OPERATORS, type FieldSpec, type Operator, type ResourceDef, type ScalarKind, type SortSpec } from './registry.ts';

/** Filter input as GraphQL hands it over (nestjs-query shape). */
export type FilterInput = Record<string, unknown>;
export type Paging = { limit?: number | null; offset?: number | null };

/**
 * SQL of a GraphQL request, built as a list of pieces: text, or a value to send as a parameter.
 * Drizzle's `sql` templates cost a grid page about 0.2 ms (an object per piece, a class check per
 * chunk when compiled: issue 17's profile); plain arrays joined once cost a few microseconds.
 * What resources declare in Drizzle (columns, `from`, `where`, expressions) is compiled once per
 * object (`frag`); a resource's scope, virtual and relation filters are compiled per request.
 */
export type Frag = readonly (string | Param)[];

/** A value sent as a query parameter, never spliced into the text. */
export class Param {
  constructor(readonly value: unknown) {}
}

/** Text with `$1`, `$2` … and the values they stand for, ready for the driver. */
export type Statement = { text: string; params: unknown[] };

export function statement(f: Frag): Statement {
  let text = '';
  const params: unknown[] = [];
  for (const p of f) {
    if (typeof p === 'string') text += p;
    else {
      params.push(p.value);
      text += `$${params.length}`;
    }
  }
  return { text, params };
}

/** A statement as Drizzle runs it (the caller's transaction, the driver's type parsing), without compiling anything again. */
class PrecompiledSql extends SQL {
  constructor(readonly compiled: Statement) {
    super([]);
  }

  override toQuery(): { sql: string; params: unknown[] } {
    return { sql: this.compiled.text, params: this.compiled.params };
  }
}

export const runnable = (f: Frag | Statement): SQL => new PrecompiledSql(Array.isArray(f) ? statement(f) : (f as Statement));

/** Parameters of a Drizzle expression marked so that they can be found again in its text (no SQL text holds a NUL). */
const MARK = '\u0000';
class MarkingDialect extends PgDialect {
  override escapeParam(num: number): string {
    return `${MARK}${num}${MARK}`;
  }
}
const marking = new MarkingDialect({ casing: 'snake_case' });
const compiledOnce = new WeakMap<object, Frag>();

/** A Drizzle expression, column or table as pieces. `once`: the object never changes (a resource's declaration), so it is compiled a single time. */
export function frag(q: SQL | Column | Table, once = true): Frag {
  const known = once ? compiledOnce.get(q) : undefined;
  if (known) return known;
  const compiled = marking.sqlToQuery(q instanceof SQL ? q : sql`${q}`);
  const parts = compiled.sql.split(MARK);
  const out: (string | Param)[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) out.push(part);
    } else out.push(new Param(compiled.params[Number(part)]));
  });
  if (once) compiledOnce.set(q, out);
  return out;
}

/** A Frag inside a Drizzle expression (a relation filter's `exists`). */
const asDrizzle = (f: Frag): SQL => sql.join(f.map((p) => (typeof p === 'string' ? sql.raw(p) : sql`${p.value}`)));

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `limit: 2147483647` is refine's "paging off": every row. */
export const ALL_ROWS = 2147483647;

/** Values of one `in`/`notIn` list: a grid filters by a page of ids, never by tens of thousands. */
export const MAX_IN_VALUES = 1000;

const OPERATOR_SET = new Set<string>(OPERATORS);
const LIKE_SQL: Partial<Record<Operator, string>> = { like: 'like', notLike: 'not like', iLike: 'ilike', notILike: 'not ilike' };
const CMP_SQL: Partial<Record<Operator, string>> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

const expr = (f: FieldSpec): Frag => frag(f.column);

/** Ids are PostgreSQL integers, unless the column is a text key. */
const textKey = (f: Pick<FieldSpec, 'column'>): boolean => f.column instanceof Column && f.column.dataType === 'string';

/** A string a client sent, refused when no database text may hold it (NUL, half a surrogate pair). */
function checkedText(value: string, path: string): string {
  const problem = textProblem(value);
  if (problem) throw invalid(path, problem);
  return value;
}

/**
 * A LIKE pattern as the client wrote it (its `%` and `_` are wildcards, a backslash escapes), except that a
 * lone backslash at the end, which PostgreSQL refuses, stands for itself.
 */
export function likePattern(pattern: string): string {
  const trailing = /\\+$/.exec(pattern)?.[0].length ?? 0;
  return trailing % 2 === 1 ? `${pattern}\\` : pattern;
}

/** Turns one GraphQL value into the SQL parameter for a field, or explains what is wrong. */
function toParam(opts: { spec: Pick<FieldSpec, 'type' | 'column'>; value: unknown; path: string }): unknown {
  const { spec, value, path } = opts;
  if (value === null || value === undefined) return null;
  switch (spec.type) {
    case 'ID': {
      if (textKey(spec)) return checkedText(String(value), path);
      const raw = String(value).trim();
      const n = typeof value === 'number' ? value : /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isSafeInteger(n)) throw invalid(path, `숫자 ID여야 합니다 (받은 값: ${raw.slice(0, 40)})`);
      if (n < 1 || n > MAX_ID) throw invalid(path, `1부터 ${MAX_ID} 사이의 ID여야 합니다`);
      return n;
    }
    case 'String':
      return typeof value === 'string' ? checkedText(value, path) : value;
    case 'DateTime': {
      const d = value instanceof Date ? value : new Date(String(value));
      if (Number.isNaN(d.getTime())) throw invalid(path, '날짜 형식이 올바르지 않습니다 (예: 2026-11-21T09:00:00Z)');
      return d.toISOString();
    }
    default:
      return value;
  }
}

/** One field comparison `{ op: value, … }`; several operators are ORed (nestjs-query semantics). */
function comparisonToSql(opts: { spec: FieldSpec; cmp: unknown; path: string }): Frag | null {
  const { spec, cmp, path } = opts;
  if (cmp === null || cmp === undefined) return null;
  if (typeof cmp !== 'object' || Array.isArray(cmp)) throw invalid(path, '비교 조건은 { eq: 값 } 형태여야 합니다');
  const col = expr(spec);
  const parts: Frag[] = [];
  for (const [op, raw] of Object.entries(cmp as Record<string, unknown>)) {
    if (raw === undefined) continue;
    const at = `${path}.${op}`;
    if (!OPERATOR_SET.has(op)) throw invalid(at, `지원하지 않는 연산자입니다`);
    const operator = op as Operator;
    if (operator === 'is' || operator === 'isNot') {
      if (raw !== null && typeof raw !== 'boolean') throw invalid(at, 'null, true, false 중 하나여야 합니다');
      if (raw !== null && spec.type !== 'Boolean') throw invalid(at, '참/거짓 항목이 아니므로 null만 쓸 수 있습니다');
      const word = raw === null ? 'null' : raw ? 'true' : 'false';
      parts.push([...col, ` ${operator === 'is' ? 'is' : 'is not'} ${word}`]);
    } else if (operator === 'in' || operator === 'notIn') {
      if (!Array.isArray(raw)) throw invalid(at, '목록이어야 합니다');
      if (raw.length > MAX_IN_VALUES) throw invalid(at, `목록은 ${MAX_IN_VALUES}개까지만 쓸 수 있습니다`);
      const values = raw.map((v, i) => toParam({ spec, value: v, path: `${at}.${i}` })).filter((v) => v !== null);
      if (values.length === 0) parts.push([operator === 'in' ? 'false' : 'true']);
      else {
        const list: (string | Param)[] = [operator === 'notIn' ? 'not (' : '(', ...col, ' in ('];
        values.forEach((v, i) => list.push(...(i === 0 ? [] : [', ']), new Param(v)));
        list.push('))');
        parts.push(list);
      }
    } else if (operator === 'between' || operator === 'notBetween') {
      const range = raw as { lower?: unknown; upper?: unknown } | null;
      if (!range || range.lower == null || range.upper == null) throw invalid(at, 'lower와 upper가 모두 필요합니다');
      const lower = toParam({ spec, value: range.lower, path: `${at}.lower` });
      const upper = toParam({ spec, value: range.upper, path: `${at}.upper` });
      parts.push([...col, ` ${operator === 'between' ? 'between' : 'not between'} `, new Param(lower), ' and ', new Param(upper)]);
    } else if (LIKE_SQL[operator]) {
      if (typeof raw !== 'string') throw invalid(at, '문자열이어야 합니다');
      const target = spec.type === 'String' ? col : ['(', ...col, ')::text'];
      parts.push([...target, ` ${LIKE_SQL[operator]!} `, new Param(likePattern(checkedText(raw, at)))]);
    } else {
      const value = toParam({ spec, value: raw, path: at });
      // eq/neq null read as "is (not) null" rather than a comparison that is never true.
      if (value === null) {
        if (operator === 'eq') parts.push([...col, ' is null']);
        else if (operator === 'neq') parts.push([...col, ' is not null']);
        else throw invalid(at, '값이 필요합니다');
      } else parts.push([...col, ` ${CMP_SQL[operator]!} `, new Param(value)]);
    }
  }
  return anyOf(parts);
}

function joined(parts: Frag[], separator: string): Frag | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  const out: (string | Param)[] = ['('];
  parts.forEach((p, i) => out.push(...(i === 0 ? [] : [separator]), ...p));
  out.push(')');
  return out;
}

const allOf = (parts: Frag[]) => joined(parts, ' and ');
const anyOf = (parts: Frag[]) => joined(parts, ' or ');

type FilterScope = Pick<ResourceDef, 'fields' | 'relationFilters' | 'virtualFilters'>;

/**
 * A nestjs-query filter as SQL: keys ANDed, `and` ANDed, `or` ORed, `{}` true (null here).
 * Only filterable fields are accepted; the GraphQL input types already refuse the others.
 */
export function filterToSql(opts: { res: FilterScope; filter: FilterInput | null | undefined; path?: string }): Frag | null {
  const { res, filter } = opts;
  const path = opts.path ?? 'filter';
  if (!filter) return null;
  // PostgreSQL evaluates equally priced conditions in the order written, and GraphQL hands the keys
  // over in schema order: cheap comparisons go first so that pattern matches (ILIKE on Korean text
  // costs far more per row) and sub-queries only see the rows that remain.
  const weighted: { sql: Frag; weight: number }[] = [];
  const parts = { push: (c: Frag, weight = 1) => weighted.push({ sql: c, weight }) };
  for (const [key, value] of Object.entries(filter)) {
    if (value === null || value === undefined) continue;
    const at = `${path}.${key}`;
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(value)) throw invalid(at, '조건 목록이어야 합니다');
      const subs = value.map((f, i) => filterToSql({ res, filter: f as FilterInput, path: `${at}.${i}` }));
      if (key === 'and') {
        const all = allOf(subs.filter((s): s is Frag => s !== null));
        if (all) parts.push(all, 2);
      } else if (subs.length > 0 && subs.every((s) => s !== null)) {
        // An empty branch is "true", which makes the whole `or` true: then it adds no condition.
        parts.push(anyOf(subs as Frag[])!, 2);
      }
      continue;
    }
    const field = res.fields[key];
    if (field?.filterable) {
      const c = comparisonToSql({ spec: field, cmp: value, path: at });
      const patterns = Object.keys(value as object).some((op) => LIKE_SQL[op as Operator]);
      if (c) parts.push(c, patterns ? 2 : 1);
      continue;
    }
    const virtual = res.virtualFilters?.[key];
    if (virtual) {
      const ors: Frag[] = [];
      for (const [op, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === undefined) continue;
        if (!OPERATOR_SET.has(op)) throw invalid(`${at}.${op}`, '지원하지 않는 연산자입니다');
        const values = Array.isArray(v) ? v : [v];
        if (values.length > MAX_IN_VALUES) throw invalid(`${at}.${op}`, `목록은 ${MAX_IN_VALUES}개까지만 쓸 수 있습니다`);
        values.forEach((x, i) => typeof x === 'string' && checkedText(x, Array.isArray(v) ? `${at}.${op}.${i}` : `${at}.${op}`));
        ors.push(frag(virtual.toSql({ operator: op as Operator, value: v }), false));
      }
      const c = anyOf(ors);
      if (c) parts.push(c, 3);
      continue;
    }
    const relation = res.relationFilters?.[key];
    if (relation) {
      const sub = filterToSql({ res: { fields: relation.fields }, filter: value as FilterInput, path: at });
      if (sub) parts.push(frag(relation.exists(asDrizzle(sub)), false), 3);
      continue;
    }
    throw invalid(at, '필터로 쓸 수 없는 항목입니다');
  }
  return allOf(weighted.sort((a, b) => a.weight - b.weight).map((w) => w.sql));
}

export function sortToSql(opts: { res: ResourceDef; sorting: SortSpec[] | null | undefined }): Frag {
  const { res } = opts;
  const sorting = opts.sorting && opts.sorting.length > 0 ? opts.sorting : (res.defaultSort ?? []);
  const out: (string | Param)[] = [];
  sorting.forEach((s, i) => {
    const field = res.fields[s.field];
    if (!field?.sortable) throw invalid(`sorting.${i}.field`, `정렬할 수 없는 항목입니다: ${s.field}`);
    const nulls = s.nulls === 'NULLS_FIRST' ? ' nulls first' : s.nulls === 'NULLS_LAST' ? ' nulls last' : '';
    if (i > 0) out.push(', ');
    out.push(...expr(field), ` ${s.direction === 'DESC' ? 'desc' : 'asc'}${nulls}`);
  });
  // The id breaks ties so that pages never repeat or skip a row.
  if (!sorting.some((s) => s.field === 'id')) out.push(...(out.length ? [', '] : []), ...frag(res.idColumn), ' asc');
  return out;
}

/** Every condition a statement of this resource must carry for this user: base, scope, filter. */
export function whereFor(opts: { res: ResourceDef; user: AuthUser; filter?: Frag | null }): Frag {
  const { res, user } = opts;
  const parts: Frag[] = [];
  if (res.where) parts.push(frag(res.where));
  const scoped = res.scope?.(user);
  if (scoped) parts.push(frag(scoped, false));
  if (opts.filter) parts.push(opts.filter);
  return allOf(parts) ?? ['true'];
}

export const fromFor = (res: ResourceDef): Frag => frag(res.from ?? res.table);

const selectLists = new WeakMap<ResourceDef, Frag>();

/** Every field of the resource, named as GraphQL names it: worked out once per resource. */
export function selectList(res: ResourceDef): Frag {
  let list = selectLists.get(res);
  if (!list) {
    const out: (string | Param)[] = [];
    Object.entries(res.fields).forEach(([name, f], i) => out.push(...(i === 0 ? [] : [', ']), ...expr(f), ` as ${ident(name)}`));
    selectLists.set(res, (list = out));
  }
  return list;
}

/** `${res.idColumn} = ${key}` and `in (…)`: conditions on the id. */
export const idIs = (res: ResourceDef, key: unknown): Frag => [...frag(res.idColumn), ' = ', new Param(key)];
export const idIn = (res: ResourceDef, keys: readonly unknown[]): Frag => {
  const out: (string | Param)[] = [...frag(res.idColumn), ' in ('];
  keys.forEach((k, i) => out.push(...(i === 0 ? [] : [', ']), new Param(k)));
  out.push(')');
  return out;
};

export function idParam(opts: { res: ResourceDef; id: unknown; path: string }): unknown {
  return toParam({ spec: { type: 'ID', column: opts.res.idColumn }, value: opts.id, path: opts.path });
}

export function validPaging(paging: Paging | null | undefined): { limit: number | null; offset: number } {
  const limit = paging?.limit ?? null;
  const offset = paging?.offset ?? 0;
  if (limit !== null && limit < 0) throw invalid('paging.limit', '0 이상이어야 합니다');
  if (offset < 0) throw invalid('paging.offset', '0 이상이어야 합니다');
  return { limit: limit === ALL_ROWS ? null : limit, offset };
}

/** Shapes a database row into the GraphQL object: ids as strings, timestamps as Dates. */
export function mapRow(res: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(res.fields)) {
    const v = row[name];
    out[name] = v === null || v === undefined ? null : kindValue(f.type, v);
  }
  return out;
}

function kindValue(kind: ScalarKind, v: unknown): unknown {
  if (kind === 'ID') return String(v);
  if (kind === 'DateTime') return v instanceof Date ? v : new Date(String(v));
  return v;
}
