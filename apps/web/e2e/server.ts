import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist/index.html');

export type RunningServer = { baseUrl: string; dataDir: string; logFile: string; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(args: { baseUrl: string; child: ChildProcess; logFile: string; timeoutMs: number }): Promise<void> {
  const deadline = Date.now() + args.timeoutMs;
  while (Date.now() < deadline) {
    if (args.child.exitCode !== null) break;
    try {
      const res = await fetch(`${args.baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = existsSync(args.logFile) ? readFileSync(args.logFile, 'utf8').slice(-4000) : '';
  throw new Error(`e2e: the server did not become healthy at ${args.baseUrl} (exit code ${args.child.exitCode}).\n${log}`);
}

/**
 * Starts the real server (TypeScript sources through tsx, so it is never stale) on a free port with a
 * fresh PGlite data folder and the demo data, serving the built web app from apps/web/dist.
 */
export async function startServer(): Promise<RunningServer> {
  if (!existsSync(WEB_DIST)) {
    throw new Error('e2e: apps/web/dist is missing — run `npm run build -w @academy/web` first');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const tsxCli = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
  const child = spawn(process.execPath, [tsxCli, 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth({ baseUrl, child, logFile, timeoutMs: 180_000 });
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, logFile, stop };
}
