import os from 'node:os';
import { createWorkerPool, workerScript } from '../../lib/workers/pool.ts';
import type { PageResult, SplitResult } from './engine/page-job.ts';
import type { OmrTask } from './omr.worker.ts';

/**
 * Worker threads for OMR reading, on the kernel's pool (src/lib/workers): `run(task)` queues a
 * task and resolves with its result. Threads start on first use and stay for the next batch; a
 * thread that runs out of its memory cap or time is replaced and its task fails (the page is then
 * marked unreadable). They run at a lower CPU priority than the thread that answers requests.
 */
export type OmrPool = {
  /** `transfer`: buffers of the task moved to the thread, not copied (the caller no longer needs them). */
  run: <T extends OmrTask>(task: T, transfer?: ArrayBuffer[]) => Promise<T extends { type: 'split' } ? SplitResult : PageResult>;
  size: number;
  close: () => Promise<void>;
};

/** Heap per thread, and how long one task (splitting a 1,000-page PDF, reading one page) may take. */
const MEMORY_MB = 768;
const TASK_TIMEOUT_MS = 5 * 60_000;

export function createOmrPool(opts: { size?: number } = {}): OmrPool {
  const pool = createWorkerPool<OmrTask, SplitResult | PageResult>({
    name: 'omr',
    script: workerScript(import.meta.url, 'omr.worker'),
    size: Math.max(1, opts.size ?? Math.min(2, os.availableParallelism())),
    memoryMb: MEMORY_MB,
    timeoutMs: TASK_TIMEOUT_MS,
    // A batch keeps two tasks per thread in flight; the rest wait in the batch, not here.
    maxQueue: 64,
    niceness: 10,
  });
  return {
    size: pool.size,
    // Batches run as jobs, not for a waiting client: no request signal stops them.
    run: ((task: OmrTask, transfer?: ArrayBuffer[]) => pool.run(task, { signal: null, transfer })) as OmrPool['run'],
    close: pool.close,
  };
}
