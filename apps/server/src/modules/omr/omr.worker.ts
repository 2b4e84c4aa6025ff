import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { type PageSource, readSource, splitUpload } from './engine/page-job.ts';

/**
 * A worker thread of the OMR pool. It runs at a lower CPU priority than the thread that answers
 * requests (Linux gives each thread its own nice value), so reading 300 pages never slows the API;
 * libvips works in this thread only.
 */
os.setPriority(0, 10);
sharp.concurrency(1);

export type OmrTask = { type: 'split'; bytes: Uint8Array } | { type: 'read'; source: PageSource; layout: import('@academy/contracts/omr').OmrLayout };

parentPort!.on('message', async (msg: { id: number; task: OmrTask }) => {
  try {
    const result = msg.task.type === 'split' ? await splitUpload(msg.task.bytes) : await readSource(msg.task.source, msg.task.layout);
    const transfer: ArrayBuffer[] = [];
    if ('pages' in result) for (const p of result.pages) if (p.bytes) transfer.push(p.bytes.buffer as ArrayBuffer);
    if ('jpeg' in result) transfer.push(result.jpeg.buffer as ArrayBuffer);
    parentPort!.postMessage({ id: msg.id, result }, transfer.filter((b, i, all) => all.indexOf(b) === i && b.byteLength > 0));
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
