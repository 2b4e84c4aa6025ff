import sharp from 'sharp';
import { lowerNamedThreads, serveTasks, TaskError, Transfer, workerNiceness } from '../../lib/workers/worker.ts';
import { DecodeError } from './engine/decode.ts';
import { type PageSource, readSource, splitUpload, type PageResult, type SplitResult } from './engine/page-job.ts';

/**
 * A worker process of the OMR pool (worker-pool.ts, on src/lib/workers; its memory is capped and
 * it runs at nice 10 so reading 300 pages never slows the API). libvips decodes and encodes with one thread of its own
 * per call; its threads are lowered to this thread's priority after each task (they are started
 * at the priority of libuv's thread pool, which is the request thread's).
 */
sharp.concurrency(1);
const LIBVIPS_THREAD = 'libvips worker';

export type OmrTask = { type: 'split'; bytes: Uint8Array } | { type: 'read'; source: PageSource; layout: import('@academy/contracts/omr').OmrLayout };

/** A file we refuse to open (its reason is for the TA, in Korean) fails its task with code `unreadable`. */
function refuse(err: unknown): never {
  if (err instanceof DecodeError) throw new TaskError('unreadable', err.message);
  throw err;
}

serveTasks<OmrTask, SplitResult | PageResult>(async (task) => {
  const result = task.type === 'split' ? await splitUpload(task.bytes).catch(refuse) : await readSource(task.source, task.layout);
  lowerNamedThreads(LIBVIPS_THREAD, workerNiceness());
  const transfer: ArrayBuffer[] = [];
  if ('pages' in result) {
    for (const p of result.pages) if (p.bytes) transfer.push(p.bytes.buffer as ArrayBuffer);
    if (result.pdf) transfer.push(result.pdf.buffer as ArrayBuffer);
  }
  if ('jpeg' in result) transfer.push(result.jpeg.buffer as ArrayBuffer);
  return new Transfer(result, transfer);
});
