import os from 'node:os';
import { createWorkerPool, WorkerFailure, workerScript } from '../../lib/workers/pool.ts';
import type { PageResult, SplitResult } from './engine/page-job.ts';
import type { OmrTask } from './omr.worker.ts';

/**
 * Worker processes for OMR reading, on the kernel's pool (src/lib/workers, `isolation:
 * 'process'`): `run(task)` queues a task and resolves with its result. Uploads are untrusted
 * PDFs whose parsers allocate outside any V8 heap, so each worker is a child process whose
 * whole memory is capped; one that runs over, or over its time, is ended and replaced. A file
 * that cannot be opened within those becomes one unreadable sheet with the reason in Korean, a
 * page that cannot be read an unreadable sheet; the batch and the server go on. They run at a
 * lower CPU priority than the process that answers requests.
 */
export type OmrPool = {
  /** `transfer`: buffers of the task moved to the worker, not copied, when it is a thread (the caller no longer needs them). */
  run: <T extends OmrTask>(task: T, transfer?: ArrayBuffer[]) => Promise<T extends { type: 'split' } ? SplitResult : PageResult>;
  size: number;
  /** The worker processes' ids (tests measure their memory). */
  pids: () => number[];
  close: () => Promise<void>;
};

/**
 * Per worker process: its whole memory (RLIMIT_DATA; its V8 heap 3/4 of it), how long opening
 * one upload may take (splitting a 1,000-page PDF), and how long one page may take (decode or
 * draw, read, keep its JPEG).
 */
export const OMR_WORKER_LIMITS = { memoryMb: 1024, splitTimeoutMs: 5 * 60_000, pageTimeoutMs: 60_000 } as const;

const FILE_TOO_MUCH = `읽을 수 없는 파일입니다: 여는 데 메모리가 ${OMR_WORKER_LIMITS.memoryMb / 1024}GB 넘게 듭니다. 스캔한 PDF나 사진으로 다시 올려 주세요`;
const FILE_TOO_SLOW = `읽을 수 없는 파일입니다: ${OMR_WORKER_LIMITS.splitTimeoutMs / 60_000}분 안에 열리지 않습니다. 나누어 올려 주세요`;
const FILE_UNREADABLE = '읽을 수 없는 PDF입니다. 파일이 손상되었을 수 있습니다';
const PAGE_TOO_MUCH = `이 쪽을 읽지 못했습니다: 메모리가 ${OMR_WORKER_LIMITS.memoryMb / 1024}GB 넘게 듭니다`;
const PAGE_TOO_SLOW = `이 쪽을 읽지 못했습니다: ${OMR_WORKER_LIMITS.pageTimeoutMs / 1000}초 안에 끝나지 않습니다`;

export function createOmrPool(opts: { size?: number } = {}): OmrPool {
  const pool = createWorkerPool<OmrTask, SplitResult | PageResult>({
    name: 'omr',
    script: workerScript(import.meta.url, 'omr.worker'),
    size: Math.max(1, opts.size ?? Math.min(2, os.availableParallelism())),
    isolation: 'process',
    memoryMb: OMR_WORKER_LIMITS.memoryMb,
    timeoutMs: OMR_WORKER_LIMITS.splitTimeoutMs,
    // Each batch keeps two tasks per worker in flight; the rest wait in the batch, not here.
    maxQueue: 64,
    niceness: 10,
  });

  /** A failure of the file or page itself (over its memory or time, refused) as its reason; anything else (shutdown, a full queue) is thrown. */
  const reasonOf = (err: unknown, kind: 'split' | 'read'): string => {
    if (!(err instanceof WorkerFailure)) throw err;
    if (err.reason === 'memory') return kind === 'split' ? FILE_TOO_MUCH : PAGE_TOO_MUCH;
    if (err.reason === 'timeout') return kind === 'split' ? FILE_TOO_SLOW : PAGE_TOO_SLOW;
    if (err.reason === 'failed') return err.code === 'unreadable' ? err.message : kind === 'split' ? FILE_UNREADABLE : '이 쪽을 읽지 못했습니다';
    throw err;
  };

  async function run(task: OmrTask, transfer?: ArrayBuffer[]): Promise<SplitResult | PageResult> {
    // Batches run as jobs, not for a waiting client: no request signal stops them.
    if (task.type === 'split') {
      return pool.run(task, { signal: null, transfer }).catch((err: unknown): SplitResult => ({ pages: [{ index: 0, refused: reasonOf(err, 'split') }] }));
    }
    // A page refused when its file was opened (not a scan) never takes a worker.
    if (task.source.kind === 'pdf' && task.source.page.refused) return { ok: false, reason: task.source.page.refused };
    return pool.run(task, { signal: null, transfer, timeoutMs: OMR_WORKER_LIMITS.pageTimeoutMs }).catch((err: unknown): PageResult => ({ ok: false, reason: reasonOf(err, 'read') }));
  }

  return { size: pool.size, run: run as OmrPool['run'], pids: pool.pids, close: pool.close };
}
