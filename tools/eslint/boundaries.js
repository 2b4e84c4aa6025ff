/**
 * Lint rules for the module kit (docs/MODULES.md): who may import what.
 *
 * Server (apps/server):
 * - A module (src/modules/<area>/) reaches another module only through its public files:
 *   `index.ts`, and `*.testkit.ts` from tests. A `*.table.ts` may name another module's table for a
 *   foreign key. Tables and services of other modules are off limits.
 * - Shared mechanisms (src/lib, src/plugins, src/http, src/db) do not depend on any module, except
 *   src/db/schema.ts, which gathers every table for the migrations.
 * - Everything else (app, composition root, seeds, bench, test harness) uses public files only.
 *
 * Web (apps/web/src):
 * - A feature (features/<area>/) does not import another feature; pages (routes/) compose them.
 * - Shared code (components/, lib/) does not import features, pages or the app shell (app/ is the
 *   shell: router and layouts, which put pages and features together).
 */
import path from 'node:path';

const SERVER = /(?:^|\/)apps\/server\/((?:src|bench|test)\/.*)$/;
const WEB = /(?:^|\/)apps\/web\/src\/(.*)$/;

const isTest = (rel) => /\.test\.tsx?$/.test(rel) || /\.testkit\.ts$/.test(rel) || rel.startsWith('test/') || rel.startsWith('bench/');

function serverProblem(from, to) {
  const target = /^src\/modules\/([^/]+)\/(.+)$/.exec(to);
  if (!target) return null;
  const [, targetModule, file] = target;
  const source = /^src\/modules\/([^/]+)\//.exec(from);
  if (source && source[1] === targetModule) return null;
  if (file === 'index.ts') {
    if (/^src\/(lib|plugins|http|db)\//.test(from) && !isTest(from)) return `shared code (${from}) must not depend on the ${targetModule} module`;
    return null;
  }
  if (/\.testkit\.ts$/.test(file) && isTest(from)) return null;
  if (/\.table\.ts$/.test(file) && (/\.table\.ts$/.test(from) || from === 'src/db/schema.ts')) return null;
  return `'${from}' may not import '${to}': use the public file src/modules/${targetModule}/index.ts (docs/MODULES.md)`;
}

function webProblem(from, to) {
  const targetFeature = /^features\/([^/]+)\//.exec(to);
  const sourceFeature = /^features\/([^/]+)\//.exec(from);
  if (targetFeature && sourceFeature && targetFeature[1] !== sourceFeature[1]) {
    return `feature '${sourceFeature[1]}' may not import feature '${targetFeature[1]}' (${to}): move what both need to components/ or lib/, or compose them in a page under routes/`;
  }
  if (/^(components|lib)\//.test(from) && /^(features|routes|app)\//.test(to)) {
    return `shared code '${from}' may not import '${to}'`;
  }
  if (sourceFeature && /^routes\//.test(to)) return `feature '${sourceFeature[1]}' may not import the page '${to}'`;
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules and features talk through their public files only (docs/MODULES.md).' },
    schema: [],
    messages: { boundary: '{{problem}}' },
  },
  create(context) {
    const filename = context.filename.split(path.sep).join('/');
    const server = SERVER.exec(filename);
    const web = WEB.exec(filename);
    if (!server && !web) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(filename), source));
      let problem = null;
      if (server) {
        const to = SERVER.exec(resolved);
        if (to) problem = serverProblem(server[1], to[1]);
      } else {
        const to = WEB.exec(resolved);
        if (to) problem = webProblem(web[1], to[1]);
      }
      if (problem) context.report({ node, messageId: 'boundary', data: { problem } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { boundaries } };
