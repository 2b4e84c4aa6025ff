import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, inject } from 'vitest';
import { startInstance } from '../../server/test/instances.ts';

declare module 'vitest' {
  // Vitest's provide/inject typing is extended through interface merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A stopped server's data folder with the demo data (global-setup.ts): each file's server starts on a copy. */
    e2eTemplate: string;
  }
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist/index.html');
/**
 * The runner (scripts/test.mjs) has just run `npm run build`, so the server's bundle is as new as
 * its sources: each file's server starts from it (about 5 s instead of 8–14 s through tsx). Run
 * by hand, a file starts the sources, which are never stale.
 */
const BUILT = process.env.E2E_BUILT_SERVER === '1' && existsSync(path.join(REPO_ROOT, 'apps/server/dist/main.js'));

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * Starts the real server (TypeScript sources through tsx, so it is never stale, or the fresh build
 * when the runner made one; the same start as the server's multi-instance tests) on a free port
 * with a PGlite data folder of its own and the demo data, serving the built web app from
 * apps/web/dist. Resolves once it listens.
 * `template`: a data folder to start from (copied; see prepareDemoTemplate), else a fresh one is
 * migrated and seeded, which takes about three times as long.
 */
export async function startServer(opts: { template?: string } = {}): Promise<RunningServer> {
  if (!existsSync(WEB_DIST)) {
    throw new Error('e2e: apps/web/dist is missing — run `npm run build -w @academy/web` first');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-e2e-'));
  try {
    if (opts.template) cpSync(opts.template, dataDir, { recursive: true });
    const server = await startInstance({ NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'true' }, { built: BUILT });
    return {
      baseUrl: server.url,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Migrates and seeds the demo data once: a server started on an empty folder, then stopped. The
 * folder is the template every test file's server starts from (a copy costs well under a second;
 * migrating and seeding costs about 12 s more per server). `remove` deletes it.
 */
export async function prepareDemoTemplate(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'academy-e2e-template-'));
  const remove = async () => rmSync(dir, { recursive: true, force: true });
  try {
    const server = await startInstance({ NODE_ENV: 'development', DATA_DIR: dir, DATABASE_URL: '', DEMO_DATA: 'true' }, { built: BUILT });
    await server.stop();
    return { dir, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}

/**
 * The test file's own server on a copy of the run's demo template, started before its tests and
 * stopped after them, so files run side by side and no file sees what another changed.
 * browserForFile() calls it; a file that only speaks HTTP can use it alone.
 */
export function serverForFile(): { readonly baseUrl: string } {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ template: inject('e2eTemplate') });
  });
  afterAll(() => server?.stop());
  return {
    get baseUrl() {
      if (!server) throw new Error('e2e: the server is not started yet (use it inside tests or hooks)');
      return server.baseUrl;
    },
  };
}
