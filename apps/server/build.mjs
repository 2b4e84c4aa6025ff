// Bundles the server into dist/main.js. npm dependencies stay external (resolved from
// node_modules at run time); workspace packages (@academy/*) are TypeScript and get bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@academy/'));

await build({
  // The server, the backup/restore tool (run where the server runs: `node dist/ops.js backup`) and
  // the workers (src/lib/workers: a pool starts dist/<name>.js as a thread or a child process): the OMR reader, the .xlsx
  // reader and the watermarker, and the embedded database's thread (PGLITE_WORKER).
  entryPoints: {
    main: 'src/main.ts',
    ops: 'src/db/ops/cli.ts',
    'omr.worker': 'src/modules/omr/omr.worker.ts',
    'xlsx.worker': 'src/lib/xlsx.worker.ts',
    'watermark.worker': 'src/modules/files/watermark.worker.ts',
    'pglite.worker': 'src/db/pglite.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
