import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

/** A task's failure the caller can act on: `code` is the worker's own reason (e.g. `too_big`). */
export type TaskFailure = { message: string; code?: string };

/** A result with the buffers to move (not copy) back to the calling thread. */
export class Transfer<T> {
  constructor(
    readonly value: T,
    readonly buffers: ArrayBuffer[],
  ) {}
}

/** Thrown inside a task to fail it with a reason the caller maps to its own error. */
export class TaskError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** This thread's nice value, as the pool set it (0 when the pool runs at normal priority). */
export function workerNiceness(): number {
  // A child process (isolation 'process') gets it in its environment, a thread in workerData.
  if (!parentPort) return Number(process.env.ACADEMY_WORKER_NICENESS ?? 0) || 0;
  return (workerData as { niceness?: number } | undefined)?.niceness ?? 0;
}

/**
 * Lowers the CPU priority of the process's threads named `name` (Linux thread names, e.g. libvips's
 * `libvips worker`) to `niceness`. A native library's own threads do its pixel work at the
 * priority of whoever started them, not of the worker that asked; a batch worker that uses them
 * calls this after its calls so that work, too, gives way to the thread answering requests. A no-op
 * where /proc is not there; a thread's priority is only ever lowered.
 */
export function lowerNamedThreads(name: string, niceness: number): void {
  if (niceness <= 0) return;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== name) continue;
      if (os.getPriority(Number(tid)) < niceness) os.setPriority(Number(tid), niceness);
    } catch {
      // The thread ended between listing and reading.
    }
  }
}

type Port = { on(event: 'message', listener: (msg: { id: number; input: never }) => void): unknown; postMessage(msg: unknown, transfer?: ArrayBuffer[]): void };

/**
 * A pool's child process (src/lib/workers/child.ts) talks over its IPC channel; buffers are
 * copied by the V8 serialiser (nothing to move between processes). It ends with its parent.
 */
function childPort(): Port | null {
  if (!process.send) return null;
  process.on('disconnect', () => process.exit(0));
  return {
    on: (event, listener) => process.on(event, listener as (msg: unknown) => void),
    postMessage: (msg) => {
      process.send!(msg);
    },
  };
}

/**
 * The worker side of a pool (src/lib/workers/pool.ts): answers each task message with the
 * handler's result, or with its failure. One task at a time per thread.
 */
export function serveTasks<I, O>(handler: (input: I) => Promise<O | Transfer<O>> | O | Transfer<O>): void {
  const port = parentPort ?? childPort();
  if (!port) throw new Error('serveTasks runs in a worker thread or a pool child process');
  const niceness = workerNiceness();
  // Linux gives each thread its own nice value: batch work yields the CPU to the thread answering requests.
  if (niceness > 0) os.setPriority(0, niceness);
  port.on('message', async (msg: { id: number; input: I }) => {
    try {
      const out = await handler(msg.input);
      if (out instanceof Transfer) {
        const buffers = out.buffers.filter((b, i, all) => all.indexOf(b) === i && b.byteLength > 0);
        port.postMessage({ id: msg.id, result: out.value }, buffers);
      } else {
        port.postMessage({ id: msg.id, result: out });
      }
    } catch (err) {
      const failure: TaskFailure = err instanceof TaskError ? { message: err.message, code: err.code } : { message: err instanceof Error ? err.message : String(err) };
      port.postMessage({ id: msg.id, error: failure });
    }
  });
  // The pool counts a task's time limit from here: starting a thread (loading its code) is not the task's time.
  port.postMessage({ ready: true });
}
