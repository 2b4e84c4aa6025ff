import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { cappedCommand } from './capped.ts';
import type { WorkerScript } from './pool.ts';

/**
 * A pool worker that is a child process instead of a thread (`isolation: 'process'` in
 * pool.ts), for untrusted files whose parsers allocate outside the V8 heap (pdf-lib's inflated
 * object streams, pdf.js canvases, libvips pixels): a thread's heap cap does not cover those, a
 * process's RLIMIT_DATA does. It speaks the thread's protocol (`message`, `error`, `exit`,
 * `postMessage`, `terminate`) so the pool treats both alike. Messages are V8-serialised
 * (`serialization: 'advanced'`): typed arrays cross as they are, copied rather than moved.
 */
export class ChildWorker extends EventEmitter {
  readonly child: ChildProcess;
  private stderrTail = '';
  private exited = false;

  constructor(script: WorkerScript, opts: { memoryMb: number; heapMb: number; niceness: number }) {
    super();
    const entry = fileURLToPath(script.url);
    const { command, args } = cappedCommand(process.execPath, [`--max-old-space-size=${opts.heapMb}`, entry, ...script.argv], { dataMb: opts.memoryMb, niceness: opts.niceness });
    this.child = spawn(command, args, {
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      serialization: 'advanced',
      // Two malloc arenas: glibc's default (8 per core) reserves memory the cap would count for nothing.
      env: { ...process.env, MALLOC_ARENA_MAX: '2', ACADEMY_WORKER_NICENESS: String(opts.niceness) },
    });
    this.child.stderr?.on('data', (c: Buffer) => {
      this.stderrTail = (this.stderrTail + c.toString('utf8')).slice(-4096);
    });
    this.child.on('message', (msg) => this.emit('message', msg));
    this.child.on('error', (err) => this.emit('error', err));
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      if (code !== 0) {
        const err = new Error(`the child process ended (${signal ?? `code ${code}`}): ${this.stderrTail.trim().split('\n').slice(-2).join(' / ')}`) as Error & { code?: string };
        // Over the cap an allocation fails: V8 aborts ("Allocation failed", "out of memory") or native code does.
        if (signal === 'SIGABRT' || signal === 'SIGSEGV' || signal === 'SIGBUS' || signal === 'SIGTRAP' || /out of memory|allocation failed|memory allocation|cannot allocate|bad_alloc/i.test(this.stderrTail)) err.code = 'ERR_WORKER_OUT_OF_MEMORY';
        this.emit('error', err);
      }
      this.emit('exit', code);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  postMessage(msg: unknown): void {
    if (!this.exited && this.child.connected) this.child.send(msg as object);
  }

  unref(): void {
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
    (this.child.stderr as { unref?: () => void } | null)?.unref?.();
  }

  /** Ends the child at once (a task over its time, a task nobody wants); resolves once it is gone. */
  terminate(): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }
}
