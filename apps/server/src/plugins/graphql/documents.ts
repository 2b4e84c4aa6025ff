import type { DocumentNode, FieldNode, FragmentDefinitionNode, GraphQLError as GqlError, GraphQLSchema, SelectionSetNode, ValueNode } from 'graphql';
import { graphql } from './graphql-js.ts';
import { MAX_PAGE_SIZE } from './schema.ts';

const { Kind, parse, validate, specifiedRules, valueFromASTUntyped } = graphql;

/** Deeper than any grid query (list → nodes → field is 3). */
export const MAX_DEPTH = 8;
/** Selected fields per operation, fragments expanded; a grid page selects about 15. */
export const MAX_COST = 400;
/** Root fields per operation, fragments expanded: stops one request from aliasing the same list a hundred times. */
export const MAX_ROOT_FIELDS = 10;
/**
 * Values in a document's arguments, variables included: every filter term, every `in` value, every
 * sort key and paging number counts one (an object's or list's own braces count nothing). A grid's
 * filter has a handful; 35,000 `or` terms took the SQL builder down (issue 34 item 9).
 */
export const MAX_ARGUMENT_TERMS = 2000;
/** Nesting of objects and lists inside one argument (`and` in `or` in `and` …). */
export const MAX_ARGUMENT_DEPTH = 16;
/**
 * Rows × fields a document may ask for: each list counts its page size (a list without paging, or
 * asking for all, as a full page of MAX_PAGE_SIZE) times the fields selected per row. Ten full lists
 * of a wide grid in one request are refused; a full list of 40 fields is not.
 */
export const MAX_LIST_CELLS = 50_000;
/** Tokens one document may have: a grid query has about 60; this bounds parsing hostile text. */
const MAX_TOKENS = 5000;

export type Analysis = {
  cost: number;
  rootFields: number;
  depth: number;
  introspection: boolean;
  /** Every argument value of every field, fragments expanded (measured against the variables at each request). */
  args: readonly ValueNode[];
  /** Every list field: its paging argument and the fields selected per row. */
  lists: readonly { paging: ValueNode | undefined; fieldsPerRow: number }[];
};

/** What the arguments of one request weigh, once its variables are known. */
export type ArgumentCost = { terms: number; depth: number; cells: number };

/** A query text, parsed and validated once: its document and what it costs, or why it cannot run. */
export type Prepared =
  | { ok: true; document: DocumentNode; analysis: Analysis; plans: Map<string, unknown> }
  | { ok: false; kind: 'parse' | 'validation'; errors: readonly GqlError[] };

/**
 * Parsed and validated documents by query text. A grid sends the same few texts over and over, so
 * parsing and validating (about 0.3 ms for a grid page) happen once per text; documents that fail
 * are remembered apart, so a client repeating a bad text cannot push the good ones out. Both are
 * bounded: the least recently used text leaves first.
 */
export function createDocumentCache(schema: GraphQLSchema, size = 1000) {
  const good = new Lru<Prepared>(size);
  const bad = new Lru<Prepared>(size);

  return {
    get(source: string): Prepared {
      const hit = good.get(source) ?? bad.get(source);
      if (hit) return hit;
      const prepared = prepare(schema, source);
      (prepared.ok ? good : bad).set(source, prepared);
      return prepared;
    },
  };
}

function prepare(schema: GraphQLSchema, source: string): Prepared {
  let document: DocumentNode;
  try {
    document = parse(source, { maxTokens: MAX_TOKENS });
  } catch (e) {
    return { ok: false, kind: 'parse', errors: [e as GqlError] };
  }
  const errors = validate(schema, document, specifiedRules, { maxErrors: 20 });
  if (errors.length > 0) return { ok: false, kind: 'validation', errors };
  return { ok: true, document, analysis: analyse(document), plans: new Map() };
}

/**
 * What an operation asks for, fragments expanded wherever they are spread: selected fields (cost),
 * root fields (through fragments and inline fragments too), depth (a field or an inline fragment
 * is one level, a fragment spread none), whether it reads the schema (`__schema`, `__type`;
 * `__typename` is not introspection: urql adds it everywhere), and the argument values and lists
 * whose weight depends on the variables (`argumentCost`). Taken over the document's largest
 * operation; arguments over all of them.
 */
export function analyse(doc: DocumentNode): Analysis {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let cost = 0;
  let introspection = false;
  const args: ValueNode[] = [];
  const lists: { paging: ValueNode | undefined; fieldsPerRow: number }[] = [];
  type Placed = { field: FieldNode; seen: ReadonlySet<string>; depth: number };
  // The fields of a selection as they will run: spreads and inline fragments opened (a fragment
  // inside itself stops there), each with the fragments open on its way and its depth. Every
  // opening counts against the cost, so fragments spread inside fragments cannot multiply for free.
  const fieldsOf = (set: SelectionSetNode | undefined, seen: ReadonlySet<string>, depth: number, out: Placed[] = []): Placed[] => {
    if (!set || depth > MAX_DEPTH + 2) return out;
    for (const s of set.selections) {
      if (cost + out.length > MAX_COST) break;
      if (s.kind === Kind.FIELD) out.push({ field: s, seen, depth });
      else if (s.kind === Kind.INLINE_FRAGMENT) fieldsOf(s.selectionSet, seen, depth + 1, out);
      else if (!seen.has(s.name.value)) {
        cost++;
        fieldsOf(fragments.get(s.name.value)?.selectionSet, new Set([...seen, s.name.value]), depth, out);
      }
    }
    return out;
  };
  // The depth below `set`, the fields selected in it, and those under its `nodes` (a list's row).
  const walk = (set: SelectionSetNode | undefined, seen: ReadonlySet<string>, depth: number): { depth: number; fields: number; rowFields: number } => {
    let deepest = 0;
    let fields = 0;
    let rowFields = 0;
    for (const f of fieldsOf(set, seen, depth)) {
      if (cost > MAX_COST) break;
      const s = f.field;
      if (s.name.value === '__schema' || s.name.value === '__type') introspection = true;
      cost++;
      for (const a of s.arguments ?? []) args.push(a.value);
      const below = walk(s.selectionSet, f.seen, f.depth + 1);
      fields += 1 + below.fields;
      if (s.name.value === 'nodes') rowFields += below.fields;
      deepest = Math.max(deepest, f.depth - depth + 1 + below.depth);
      const paging = s.arguments?.find((a) => a.name.value === 'paging');
      if (paging || s.arguments?.some((a) => a.name.value === 'filter')) lists.push({ paging: paging?.value, fieldsPerRow: Math.max(1, below.rowFields) });
    }
    return { depth: deepest, fields, rowFields };
  };
  let rootFields = 0;
  let depth = 0;
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const before = cost;
    rootFields = Math.max(rootFields, fieldsOf(d.selectionSet, new Set(), 0).length);
    cost = before;
    for (const v of d.variableDefinitions ?? []) if (v.defaultValue) args.push(v.defaultValue);
    depth = Math.max(depth, walk(d.selectionSet, new Set(), 0).depth);
  }
  return { cost, rootFields, depth, introspection, args, lists };
}

/**
 * The weight of a document's arguments with this request's variables, before anything runs: the
 * values of every argument (filters with their nested `and`/`or`, `in` lists, sorting, inputs),
 * their nesting, and the rows × fields of every list. Counting stops past the limits, so a
 * hostile request costs no more than a legal one to refuse.
 */
export function argumentCost(analysis: Analysis, variables: Record<string, unknown> | null | undefined): ArgumentCost {
  const vars = variables ?? {};
  let terms = 0;
  let depth = 0;
  const count = (v: unknown, level: number): void => {
    if (terms > MAX_ARGUMENT_TERMS || depth > MAX_ARGUMENT_DEPTH) return;
    if (Array.isArray(v) || (v !== null && typeof v === 'object')) {
      depth = Math.max(depth, level);
      if (level > MAX_ARGUMENT_DEPTH) return;
      for (const x of Array.isArray(v) ? v : Object.values(v)) count(x, level + 1);
      return;
    }
    terms++;
  };
  const valueOf = (node: ValueNode): unknown => (node.kind === Kind.VARIABLE ? vars[node.name.value] : valueFromASTUntyped(node, vars));
  for (const node of analysis.args) count(valueOf(node), 1);
  let cells = 0;
  for (const list of analysis.lists) {
    const paging = list.paging ? valueOf(list.paging) : undefined;
    const limit = paging && typeof paging === 'object' ? (paging as { limit?: unknown }).limit : undefined;
    const rows = typeof limit === 'number' && limit >= 0 ? Math.min(limit, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
    cells += rows * list.fieldsPerRow;
  }
  return { terms, depth, cells };
}

/** A Map that forgets its least recently used entry past `size`. */
class Lru<T> {
  readonly #map = new Map<string, T>();
  constructor(readonly size: number) {}

  get(key: string): T | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.size) this.#map.delete(this.#map.keys().next().value!);
  }
}
