import type { DocumentNode, FragmentDefinitionNode, GraphQLError as GqlError, GraphQLSchema, SelectionSetNode } from 'graphql';
import { graphql } from './graphql-js.ts';

const { Kind, parse, validate, specifiedRules } = graphql;

/** Deeper than any grid query (list → nodes → field is 3). */
export const MAX_DEPTH = 8;
/** Selected fields per operation, fragments expanded; a grid page selects about 15. */
export const MAX_COST = 400;
/** Root fields per operation: stops one request from aliasing the same list a hundred times. */
export const MAX_ROOT_FIELDS = 10;
/** Tokens one document may have: a grid query has about 60; this bounds parsing hostile text. */
const MAX_TOKENS = 5000;

export type Analysis = { cost: number; rootFields: number; depth: number; introspection: boolean };

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
 * What an operation asks for, fragments expanded: selected fields (cost), root fields, depth (a
 * field or an inline fragment is one level, a fragment spread none) and whether it reads the
 * schema (`__schema`, `__type`; `__typename` is not introspection: urql adds it everywhere).
 * Taken over the document's largest operation.
 */
export function analyse(doc: DocumentNode): Analysis {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let cost = 0;
  let introspection = false;
  // Returns the depth below `set`; stops counting once the limits are passed (hostile documents).
  const walk = (set: SelectionSetNode | undefined, seen: ReadonlySet<string>, depth: number): number => {
    if (!set || depth > MAX_DEPTH + 2 || cost > MAX_COST) return 0;
    let deepest = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (s.name.value === '__schema' || s.name.value === '__type') introspection = true;
        cost++;
        deepest = Math.max(deepest, 1 + walk(s.selectionSet, seen, depth + 1));
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        deepest = Math.max(deepest, 1 + walk(s.selectionSet, seen, depth + 1));
      } else if (!seen.has(s.name.value)) {
        deepest = Math.max(deepest, walk(fragments.get(s.name.value)?.selectionSet, new Set([...seen, s.name.value]), depth));
      }
    }
    return deepest;
  };
  let rootFields = 0;
  let depth = 0;
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    rootFields = Math.max(rootFields, d.selectionSet.selections.length);
    depth = Math.max(depth, walk(d.selectionSet, new Set(), 0));
  }
  return { cost, rootFields, depth, introspection };
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
