import sharp from 'sharp';
import { serveTasks, Transfer } from '../../lib/workers/worker.ts';
import { type PageSource, readSource, splitUpload, type PageResult, type SplitResult } from './engine/page-job.ts';

/**
 * A worker thread of the OMR pool (worker-pool.ts, on src/lib/workers; it runs at nice 10 so
 * reading 300 pages never slows the API). libvips works in this thread only.
 */
sharp.concurrency(1);

export type OmrTask = { type: 'split'; bytes: Uint8Array } | { type: 'read'; source: PageSource; layout: import('@academy/contracts/omr').OmrLayout };

serveTasks<OmrTask, SplitResult | PageResult>(async (task) => {
  const result = task.type === 'split' ? await splitUpload(task.bytes) : await readSource(task.source, task.layout);
  const transfer: ArrayBuffer[] = [];
  if ('pages' in result) for (const p of result.pages) if (p.bytes) transfer.push(p.bytes.buffer as ArrayBuffer);
  if ('jpeg' in result) transfer.push(result.jpeg.buffer as ArrayBuffer);
  return new Transfer(result, transfer);
});
