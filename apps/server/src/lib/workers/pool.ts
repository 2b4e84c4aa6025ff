import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { requestContext } from '../observability/request-context.ts';
import { ChildWorker } from './child.ts';
import type { TaskFailure } from './worker.ts';

/**
 * Why a task did not give a result: the thread ran out of its memory cap, took longer than its
 * time limit, was stopped because the client went away, found the pool's queue full, died, or
 * the task itself failed (`code` then carries the worker's reason, see TaskError).
 */
export type WorkerFailureReason = 'memory' | 'timeout' | 'aborted' | 'busy' | 'crashed' | 'failed';

export class WorkerFailure extends Error {
  constructor(
    readonly reason: WorkerFailureReason,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export type RunOptions = {
  /**
   * Stops the task (its thread is ended) when aborted. Default: the current request's, which
   * aborts when the client disconnects; `null` for work nobody waits on (a job).
   */
  signal?: AbortSignal | null;
  /** Overrides the pool's time limit for this task. */
  timeoutMs?: number;
  /** Buffers moved (not copied) to the worker. */
  transfer?: ArrayBuffer[];
};

export type WorkerPool<I, O> = {
  run: (input: I, opts?: RunOptions) => Promise<O>;
  size: number;
  /** Tasks running and waiting, and how many were ended early by each reason so far (tests, metrics). */
  load: () => { running: number; queued: number; threads: number; ended: Record<'memory' | 'timeout' | 'aborted', number> };
  /** Process ids of the pool's child processes (`isolation: 'process'`; none for threads): tests read their memory. */
  pids: () => number[];
  close: () => Promise<void>;
};

export type WorkerPoolOptions = {
  /** Named in errors and logs. */
  name: string;
  /** The worker's file: `workerScript(import.meta.url, 'xlsx.worker')`. */
  script: WorkerScript;
  /** Threads at most (started on first use, kept for the next task). Default min(2, cores). */
  size?: number;
  /**
   * The V8 heap cap of each thread (maxOldGenerationSizeMb); a thread over it dies, its task fails
   * with `memory`. With `isolation: 'process'`, the cap of the child's whole memory (RLIMIT_DATA:
   * heap, ArrayBuffers, native libraries), its V8 heap three quarters of it.
   */
  memoryMb: number;
  /**
   * `thread` (default): worker threads, cheap to start. `process`: child processes, for
   * untrusted files whose parsers allocate outside the V8 heap (PDFs): the whole child is capped
   * and ends alone when it runs over (src/lib/workers/child.ts).
   */
  isolation?: 'thread' | 'process';
  /** A task running longer is stopped (its thread is ended) and fails with `timeout`; a new thread's start-up is not counted. */
  timeoutMs: number;
  /** Tasks waiting beyond this many are refused at once (`busy`). Default 32. */
  maxQueue?: number;
  /** Linux nice value of the threads (0 = as the server); heavy batch work uses 10 so requests stay fast. */
  niceness?: number;
};

export type WorkerScript = { url: URL; argv: string[] };

/**
 * Where a worker's code is, for a module at `from` (its import.meta.url) and a worker file
 * `<name>.ts` beside it: from source, the TypeScript file through the tsx shim; in the bundle
 * (dist/, flat, see build.mjs), `<name>.js` beside dist/main.js.
 */
export function workerScript(from: string, name: string): WorkerScript {
  if (from.endsWith('.ts')) return { url: new URL('./dev-entry.mjs', import.meta.url), argv: [new URL(`./${name}.ts`, from).href] };
  return { url: new URL(`./${name}.js`, from), argv: [] };
}

type Job = { id: number; input: unknown; transfer: ArrayBuffer[]; signal?: AbortSignal; timeoutMs: number; resolve: (v: unknown) => void; reject: (e: Error) => void; cleanup?: () => void };

type WorkerMessage = { ready: true } | { id: number; result?: unknown; error?: TaskFailure };

/**
 * The one way the server runs heavy or untrusted work (parsing uploaded Excel files, reading OMR
 * pages …) off the thread that answers requests: worker threads with a memory cap and a time
 * limit. A task that runs out of memory, time or client ends only its own thread, never the
 * process; a new thread starts for the next task. The worker side is `serveTasks` (worker.ts).
 */
/** A thread, or a child process speaking a thread's events (src/lib/workers/child.ts). */
type Runner = Worker | ChildWorker;

export function createWorkerPool<I, O>(opts: WorkerPoolOptions): WorkerPool<I, O> {
  const size = Math.max(1, opts.size ?? Math.min(2, os.availableParallelism()));
  const maxQueue = opts.maxQueue ?? 32;
  const idle: Runner[] = [];
  const all = new Set<Runner>();
  const queue: Job[] = [];
  const running = new Map<Runner, Job>();
  /** Threads whose code has loaded (serveTasks said ready); a task's time limit runs from then. */
  const ready = new WeakSet<Runner>();
  /** Arms the time limit of a task handed to a thread that is still loading. */
  const onReady = new WeakMap<Runner, () => void>();
  let nextId = 1;
  let closed = false;
  const ended = { memory: 0, timeout: 0, aborted: 0 };

  const settle = (w: Runner, outcome: { result: unknown } | { error: Error }) => {
    const job = running.get(w);
    if (!job) return;
    running.delete(w);
    job.cleanup?.();
    if ('error' in outcome && outcome.error instanceof WorkerFailure && (outcome.error.reason === 'memory' || outcome.error.reason === 'timeout' || outcome.error.reason === 'aborted')) {
      ended[outcome.error.reason]++;
    }
    if ('error' in outcome) job.reject(outcome.error);
    else job.resolve(outcome.result);
  };

  /** Ends a thread that is busy with a task nobody wants any more (aborted, timed out). */
  const stop = (w: Runner, error: WorkerFailure) => {
    settle(w, { error });
    all.delete(w);
    void w.terminate();
    pump();
  };

  const spawn = () => {
    const w: Runner =
      opts.isolation === 'process'
        ? new ChildWorker(opts.script, { memoryMb: opts.memoryMb, heapMb: Math.round(opts.memoryMb * 0.75), niceness: opts.niceness ?? 0 })
        : new Worker(opts.script.url, {
            argv: opts.script.argv,
            resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb },
            workerData: { niceness: opts.niceness ?? 0 },
          });
    w.unref();
    all.add(w);
    w.on('message', (msg: WorkerMessage) => {
      if ('ready' in msg) {
        ready.add(w);
        onReady.get(w)?.();
        onReady.delete(w);
        return;
      }
      settle(w, msg.error ? { error: new WorkerFailure('failed', msg.error.message, msg.error.code) } : { result: msg.result });
      if (all.has(w)) idle.push(w);
      pump();
    });
    w.on('error', (err: Error & { code?: string }) => {
      all.delete(w);
      const memory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(w, { error: new WorkerFailure(memory ? 'memory' : 'crashed', `${opts.name}: ${err.message}`) });
      pump();
    });
    w.on('exit', () => {
      all.delete(w);
      const i = idle.indexOf(w);
      if (i >= 0) idle.splice(i, 1);
      settle(w, { error: new WorkerFailure('crashed', `${opts.name}: the worker thread ended`) });
      pump();
    });
    return w;
  };

  function start(w: Runner, job: Job) {
    running.set(w, job);
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      timer = setTimeout(() => stop(w, new WorkerFailure('timeout', `${opts.name}: took longer than ${job.timeoutMs} ms`)), job.timeoutMs);
    };
    // A new thread is still loading its code (seconds on a busy machine): the limit starts when it is ready.
    if (ready.has(w)) arm();
    else onReady.set(w, arm);
    const onAbort = () => stop(w, new WorkerFailure('aborted', `${opts.name}: stopped, the client went away`));
    job.signal?.addEventListener('abort', onAbort, { once: true });
    job.cleanup = () => {
      clearTimeout(timer);
      onReady.delete(w);
      job.signal?.removeEventListener('abort', onAbort);
    };
    w.postMessage({ id: job.id, input: job.input }, job.transfer);
  }

  function pump() {
    while (queue.length && !closed) {
      let w = idle.pop();
      if (!w && all.size < size) w = spawn();
      if (!w) return;
      start(w, queue.shift()!);
    }
  }

  return {
    size,
    run: (input, runOpts = {}) =>
      new Promise<O>((resolve, reject) => {
        if (closed) return reject(new WorkerFailure('crashed', `${opts.name}: the pool is closed`));
        const signal = runOpts.signal === null ? undefined : (runOpts.signal ?? requestContext.current()?.signal);
        if (signal?.aborted) return reject(new WorkerFailure('aborted', `${opts.name}: the client went away`));
        if (queue.length >= maxQueue) return reject(new WorkerFailure('busy', `${opts.name}: ${queue.length} tasks are waiting`));
        const job: Job = { id: nextId++, input, transfer: runOpts.transfer ?? [], signal, timeoutMs: runOpts.timeoutMs ?? opts.timeoutMs, resolve: resolve as (v: unknown) => void, reject };
        if (signal) {
          // Still waiting when the client leaves: it never starts.
          const dropQueued = () => {
            const i = queue.indexOf(job);
            if (i >= 0) {
              queue.splice(i, 1);
              reject(new WorkerFailure('aborted', `${opts.name}: the client went away`));
            }
          };
          signal.addEventListener('abort', dropQueued, { once: true });
        }
        queue.push(job);
        pump();
      }),
    load: () => ({ running: running.size, queued: queue.length, threads: all.size, ended: { ...ended } }),
    pids: () => [...all].flatMap((w) => (w instanceof ChildWorker && w.pid ? [w.pid] : [])),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new WorkerFailure('crashed', `${opts.name}: the pool is closed`));
      await Promise.all([...all].map((w) => w.terminate()));
    },
  };
}
