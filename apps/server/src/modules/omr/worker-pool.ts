import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PageResult, SplitResult } from './engine/page-job.ts';
import type { OmrTask } from './omr.worker.ts';

/**
 * Worker threads for OMR reading, off the thread that answers requests: `run(task)` queues a
 * task and resolves with its result. Threads start on first use and stay for the next batch;
 * a thread that dies is replaced and its task fails (the page is then marked unreadable).
 *
 * Shaped like the kernel's coming pool (src/lib/workers: `run(input)`, `close()`), so moving to
 * it is a change of import.
 */
export type OmrPool = {
  run: <T extends OmrTask>(task: T) => Promise<T extends { type: 'split' } ? SplitResult : PageResult>;
  size: number;
  close: () => Promise<void>;
};

const MEMORY_MB = 768;

export function createOmrPool(opts: { size?: number } = {}): OmrPool {
  const size = Math.max(1, opts.size ?? Math.min(2, os.availableParallelism()));
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const queue: { id: number; task: OmrTask; resolve: (v: unknown) => void; reject: (e: Error) => void }[] = [];
  const running = new Map<Worker, { id: number; resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let closed = false;

  const source = new URL(import.meta.url.endsWith('.ts') ? './omr.worker.dev.mjs' : './omr.worker.js', import.meta.url);
  const spawn = () => {
    const w = new Worker(source, { resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } });
    w.unref();
    all.add(w);
    w.on('message', (msg: { id: number; result?: unknown; error?: string }) => {
      const job = running.get(w);
      running.delete(w);
      if (job) {
        if (msg.error !== undefined) job.reject(new Error(msg.error));
        else job.resolve(msg.result);
      }
      idle.push(w);
      pump();
    });
    w.on('error', (err) => {
      const job = running.get(w);
      running.delete(w);
      all.delete(w);
      job?.reject(err instanceof Error ? err : new Error(String(err)));
      pump();
    });
    w.on('exit', () => {
      all.delete(w);
      const i = idle.indexOf(w);
      if (i >= 0) idle.splice(i, 1);
    });
    return w;
  };

  function pump() {
    while (queue.length && !closed) {
      let w = idle.pop();
      if (!w && all.size < size) w = spawn();
      if (!w) return;
      const job = queue.shift()!;
      running.set(w, job);
      w.postMessage({ id: job.id, task: job.task });
    }
  }

  return {
    size,
    run: (task) =>
      new Promise((resolve, reject) => {
        if (closed) return reject(new Error('OMR pool is closed'));
        queue.push({ id: nextId++, task, resolve: resolve as (v: unknown) => void, reject });
        pump();
      }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('OMR pool is closed'));
      await Promise.all([...all].map((w) => w.terminate()));
    },
  };
}
