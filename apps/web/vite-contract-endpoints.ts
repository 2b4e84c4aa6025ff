import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

/** What the browser reads of an endpoint: `call()` fills the path, keys queries by tag, checks for a file reply. */
type WebEndpoint = { method: string; path: string; tag: string; permission: string; atRoot?: true; reply: object; body?: object };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isEndpoint = (v: unknown): v is Record<string, unknown> => isRecord(v) && typeof v.method === 'string' && typeof v.path === 'string' && typeof v.tag === 'string';
const isEndpointGroup = (v: unknown): v is Record<string, Record<string, unknown>> =>
  isRecord(v) && Object.keys(v).length > 0 && Object.values(v).every(isEndpoint);

/** An endpoint without its zod schemas: a JSON reply becomes `{}`, a file reply and a multipart body keep their plain fields. */
function webEndpoint(e: Record<string, unknown>): WebEndpoint {
  const reply = isRecord(e.reply) && e.reply.kind === 'file' ? { kind: 'file', contentType: e.reply.contentType } : {};
  const body = isRecord(e.body) && e.body.kind === 'multipart' ? { kind: 'multipart', maxBytes: e.body.maxBytes, accept: e.body.accept } : undefined;
  return { method: e.method as string, path: e.path as string, tag: e.tag as string, permission: e.permission as string, ...(e.atRoot ? { atRoot: true as const } : {}), reply, ...(body ? { body } : {}) };
}

const PREFIX = '@academy/contracts/';
const VIRTUAL = '\0academy-contract:';

/**
 * The browser build imports `@academy/contracts/<area>` as a small module: the area's endpoint
 * groups (`lecturesApi`) as plain objects (method, path, tag, file reply), and everything else
 * (schemas, helpers, constants) re-exported from the real file. With the contracts' declarations
 * marked pure (below), schemas nothing uses drop out, and zod with them on pages without a form that
 * validates with one: a page that only calls endpoints does not load zod. The server and the type checker keep reading the real files; the endpoint objects are
 * read from them at build start, so both sides still share one declaration.
 */
export function contractEndpoints(contractsDir: string): Plugin[] {
  return [endpointModules(contractsDir), pureDeclarations(contractsDir)];
}

type Span = { start: number; end: number };
/** Initializers that may run code; literals, names and functions are left as they are. */
const WRAPPED = new Set(['CallExpression', 'NewExpression', 'ObjectExpression', 'ArrayExpression', 'TaggedTemplateExpression']);
type Statement = Span & {
  type: string;
  kind?: string;
  declaration?: Statement | null;
  declarations?: { init?: (Span & { type: string }) | null }[];
};

/**
 * In a contract file (after TypeScript is stripped), every top-level `const x = <expression>` that
 * may run code becomes `const x = /* @__PURE__ *\/ (() => (<expression>))()`: building a schema
 * (`z.object(…)`, `lecture.extend(…)`, `text().regex(…)`), an endpoint group or an error table has
 * no effect but its value, so the bundler may drop the ones nothing reads. A contract file is also
 * marked free of side effects, so one whose exports nothing reads is left out altogether: its one
 * top-level statement, validation.ts installing zod's Korean messages, is repeated by the web's
 * form dialog, the one place the web validates with zod.
 */
function pureDeclarations(contractsDir: string): Plugin {
  const dir = `${contractsDir}${path.sep}`;
  return {
    name: 'academy-contract-pure',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(dir) || !id.endsWith('.ts')) return null;
      const program = this.parse(code) as unknown as { body: Statement[] };
      const inits: Span[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const d of declaration.declarations ?? []) if (d.init && WRAPPED.has(d.init.type)) inits.push({ start: d.init.start, end: d.init.end });
      }
      let out = code;
      for (const { start, end } of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null, moduleSideEffects: false };
    },
  };
}

function endpointModules(contractsDir: string): Plugin {
  const groups = new Map<string, Record<string, Record<string, WebEndpoint>>>();
  return {
    name: 'academy-contract-endpoints',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const names = readdirSync(contractsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => f.slice(0, -3));
      const dir = mkdtempSync(path.join(tmpdir(), 'academy-contracts-'));
      try {
        const entry = path.join(dir, 'all.ts');
        writeFileSync(entry, names.map((n, i) => `export * as m${i} from ${JSON.stringify(path.join(contractsDir, `${n}.ts`))};`).join('\n'));
        const { module } = await runnerImport<Record<string, Record<string, unknown>>>(entry, { configFile: false, logLevel: 'error' });
        names.forEach((n, i) => {
          const found: Record<string, Record<string, WebEndpoint>> = {};
          for (const [exported, value] of Object.entries(module[`m${i}`] ?? {})) {
            if (isEndpointGroup(value)) found[exported] = Object.fromEntries(Object.entries(value).map(([k, e]) => [k, webEndpoint(e)]));
          }
          groups.set(n, found);
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    resolveId(source) {
      if (!source.startsWith(PREFIX)) return null;
      const name = source.slice(PREFIX.length);
      if (!Object.keys(groups.get(name) ?? {}).length) return null;
      return `${VIRTUAL}${name}`;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const name = id.slice(VIRTUAL.length);
      const lines = [`export * from ${JSON.stringify(path.join(contractsDir, `${name}.ts`))};`];
      for (const [exported, group] of Object.entries(groups.get(name) ?? {})) lines.push(`export const ${exported} = ${JSON.stringify(group)};`);
      return lines.join('\n');
    },
  };
}
