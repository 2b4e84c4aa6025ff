import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Instance = {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
  /** `kill -9` of the server: tsx and the node process it runs (one process group). */
  kill9: () => Promise<void>;
};

// A test run that ends or crashes takes its servers with it (they run in process groups of their own).
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of live) killGroup(c);
});

/** SIGKILL to tsx and the node process it runs (one group), whichever of them is still there. */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // the whole group is gone
  }
}

export function freePort(): Promise<number> {
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

/**
 * Starts the real server (src/main.ts, or its build with `built`) as its own process and resolves
 * when it prints its start banner (it listens before printing). The browser tests start their
 * server the same way. Several instances on one PostgreSQL are how the product scales out, and how
 * realtime fan-out across processes is tested.
 */
export async function startInstance(env: Record<string, string>, opts: { built?: boolean } = {}): Promise<Instance> {
  const port = await freePort();
  const tsx = path.join(serverRoot, '..', '..', 'node_modules', '.bin', 'tsx');
  // `built`: the bundle of `npm run build` (dist/main.js), which starts in a third of the time tsx
  // takes to load the sources; only for a caller that has just built it (the browser suite's runner).
  const [command, args] = opts.built ? [process.execPath, ['--enable-source-maps', 'dist/main.js']] : [tsx, ['src/main.ts']];
  // Its own process group, so that a kill reaches the node process tsx starts, not only tsx.
  const child = spawn(command, args, { cwd: serverRoot, env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  // Kept after tsx exits: the server it started may outlive it, and the group still reaches it.
  live.add(child);
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(url)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output.slice(-2000)}`)));
  });
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        // tsx already gone (it exited, or a restart test killed it): its server may not be.
        if (child.exitCode !== null || child.signalCode !== null) {
          killGroup(child);
          return resolve();
        }
        // A graceful stop first; a server stuck in shutdown is killed after 10 s.
        const kill = setTimeout(() => killGroup(child), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
    kill9: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          killGroup(child);
          return resolve();
        }
        child.once('exit', () => resolve());
        killGroup(child);
      }),
  };
}

/** One statement on its own connection to `url` (the tests that start and kill whole servers). */
export async function queryOnce<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}
