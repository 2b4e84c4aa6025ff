import sharp from 'sharp';
import { lowerNamedThreads, serveTasks, Transfer, workerNiceness } from '../../lib/workers/worker.ts';
import { type PageSource, readSource, splitUpload, type PageResult, type SplitResult } from './engine/page-job.ts';

/**
 * A worker thread of the OMR pool (worker-pool.ts, on src/lib/workers; it runs at nice 10 so
 * reading 300 pages never slows the API). libvips decodes and encodes with one thread of its own
 * per call; its threads are lowered to this thread's priority after each task (they are started
 * at the priority of libuv's thread pool, which is the request thread's).
 */
sharp.concurrency(1);
const LIBVIPS_THREAD = 'libvips worker';

export type OmrTask = { type: 'split'; bytes: Uint8Array } | { type: 'read'; source: PageSource; layout: import('@academy/contracts/omr').OmrLayout };

serveTasks<OmrTask, SplitResult | PageResult>(async (task) => {
  const result = task.type === 'split' ? await splitUpload(task.bytes) : await readSource(task.source, task.layout);
  lowerNamedThreads(LIBVIPS_THREAD, workerNiceness());
  const transfer: ArrayBuffer[] = [];
  if ('pages' in result) {
    for (const p of result.pages) if (p.bytes) transfer.push(p.bytes.buffer as ArrayBuffer);
    if (result.pdf) transfer.push(result.pdf.buffer as ArrayBuffer);
  }
  if ('jpeg' in result) transfer.push(result.jpeg.buffer as ArrayBuffer);
  return new Transfer(result, transfer);
});
