import { afterAll, describe, expect, it } from 'vitest';
import { residentMemory } from './capped.ts';
import { requestContext } from '../observability/request-context.ts';
import type { FixtureTask } from './pool.fixture.worker.ts';
import { createWorkerPool, WorkerFailure, workerScript } from './pool.ts';

const pool = createWorkerPool<FixtureTask, number>({ name: 'fixture', script: workerScript(import.meta.url, 'pool.fixture.worker'), size: 1, memoryMb: 64, timeoutMs: 20_000 });
afterAll(() => pool.close());

const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as WorkerFailure);

describe('worker pool (src/lib/workers)', () => {
  it('runs tasks and passes a task failure with its code', async () => {
    expect(await pool.run({ kind: 'echo', value: 7 })).toBe(7);
    const f = await failure(pool.run({ kind: 'fail' }));
    expect(f).toBeInstanceOf(WorkerFailure);
    expect(f).toMatchObject({ reason: 'failed', code: 'nope' });
  });

  it('a task over the memory cap fails alone with `memory`; the process and the pool carry on', async () => {
    const rss = process.memoryUsage.rss();
    const f = await failure(pool.run({ kind: 'hog' }));
    expect(f.reason).toBe('memory');
    expect(process.memoryUsage.rss() - rss).toBeLessThan(512 * 1024 * 1024);
    expect(await pool.run({ kind: 'echo', value: 8 })).toBe(8);
  }, 60_000);

  it('stops a task when the time limit passes', async () => {
    const f = await failure(pool.run({ kind: 'spin' }, { timeoutMs: 300 }));
    expect(f.reason).toBe('timeout');
    expect(await pool.run({ kind: 'echo', value: 9 })).toBe(9);
  });

  it("stops a task when its request's client goes away (the request context's signal), and drops waiting ones", async () => {
    const gone = new AbortController();
    const [spinning, waiting] = requestContext.run({ requestId: 't', signal: gone.signal }, () => [pool.run({ kind: 'spin' }), pool.run({ kind: 'echo', value: 1 })]);
    const watched = Promise.all([failure(spinning!), failure(waiting!)]);
    expect(pool.load()).toMatchObject({ running: 1, queued: 1 });
    gone.abort();
    const [a, b] = await watched;
    expect(a.reason).toBe('aborted');
    expect(b.reason).toBe('aborted');
    expect(pool.load()).toMatchObject({ running: 0, queued: 0 });
    expect(await pool.run({ kind: 'echo', value: 10 })).toBe(10);
  });

  it('refuses at once when too many tasks wait', async () => {
    const small = createWorkerPool<FixtureTask, number>({ name: 'small', script: workerScript(import.meta.url, 'pool.fixture.worker'), size: 1, memoryMb: 32, timeoutMs: 1_000, maxQueue: 1 });
    const first = failure(small.run({ kind: 'spin' }));
    const second = small.run({ kind: 'echo', value: 2 });
    expect((await failure(small.run({ kind: 'echo', value: 3 }))).reason).toBe('busy');
    expect((await first).reason).toBe('timeout');
    expect(await second).toBe(2);
    await small.close();
  });

  it("counts a task's time limit from when its thread is ready, not from the thread's start-up", async () => {
    const slow = createWorkerPool<number, number>({ name: 'slow-start', script: workerScript(import.meta.url, 'pool.slow-start.worker'), size: 1, memoryMb: 32, timeoutMs: 300 });
    expect(await slow.run(11)).toBe(11);
    await slow.close();
  });
});

describe("worker pool with isolation 'process' (issue 34 item 3)", () => {
  const MB = 1024 * 1024;
  const child = createWorkerPool<FixtureTask, number>({ name: 'child', script: workerScript(import.meta.url, 'pool.fixture.worker'), size: 1, memoryMb: 384, timeoutMs: 30_000, isolation: 'process' });
  afterAll(() => child.close());

  it('runs tasks in a child process, bytes copied across, a task failure with its code', async () => {
    expect(await child.run({ kind: 'echo', value: 7 })).toBe(7);
    expect(await child.run({ kind: 'bytes', bytes: new Uint8Array([1, 2, 3, 250]) })).toBe(256);
    expect(await failure(child.run({ kind: 'fail' }))).toMatchObject({ reason: 'failed', code: 'nope' });
    expect(child.pids()).toHaveLength(1);
    expect(child.pids()[0]).not.toBe(process.pid);
  }, 60_000);

  it('ArrayBuffers past the cap end the child alone (a thread heap cap would not see them); the server process does not grow', async () => {
    const rss = process.memoryUsage.rss();
    const [pid] = child.pids();
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, residentMemory(pid!)?.peak ?? 0)), 20);
    const f = await failure(child.run({ kind: 'buffers' }));
    clearInterval(watch);
    expect(['memory', 'failed']).toContain(f.reason);
    // The child's memory stayed within its cap (and the measurement saw it working).
    expect(peak).toBeGreaterThan(100 * MB);
    expect(peak).toBeLessThan(384 * MB);
    expect(process.memoryUsage.rss() - rss).toBeLessThan(100 * MB);
    expect(await child.run({ kind: 'echo', value: 8 })).toBe(8);
  }, 60_000);

  it('a task over its time kills the child; the next task gets a new one', async () => {
    const [before] = child.pids();
    expect((await failure(child.run({ kind: 'spin' }, { timeoutMs: 500 }))).reason).toBe('timeout');
    expect(await child.run({ kind: 'echo', value: 9 })).toBe(9);
    expect(child.pids()[0]).not.toBe(before);
  }, 60_000);
});
