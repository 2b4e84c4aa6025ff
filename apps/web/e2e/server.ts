import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startInstance } from '../../server/test/instances.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist/index.html');

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * Starts the real server (TypeScript sources through tsx, so it is never stale; the same start as
 * the server's multi-instance tests) on a free port with a fresh PGlite data folder and the demo
 * data, serving the built web app from apps/web/dist. Resolves once it listens.
 */
export async function startServer(): Promise<RunningServer> {
  if (!existsSync(WEB_DIST)) {
    throw new Error('e2e: apps/web/dist is missing — run `npm run build -w @academy/web` first');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-e2e-'));
  try {
    const server = await startInstance({ NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'true' });
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
