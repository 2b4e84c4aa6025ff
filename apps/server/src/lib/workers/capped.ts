import { readFileSync } from 'node:fs';

/**
 * A command line that runs `command` under a memory cap of the whole process, set by the shell's
 * `ulimit` before `exec` (POSIX sh, present on every server; no extra binary):
 * - `data`: RLIMIT_DATA, the process's private writable memory (heap, malloc, mmap'd buffers,
 *   ArrayBuffers, native libraries' pixels). What Node children get: V8 reserves far more
 *   address space than it uses, so an address-space cap would have to be set gigabytes high.
 * - `addressSpace`: RLIMIT_AS, every mapping. What a native program (ffmpeg) gets.
 * An allocation over the cap fails inside the child; the child ends (or fails its task), never
 * the server.
 */
export function cappedCommand(command: string, args: string[], cap: { dataMb?: number; addressSpaceMb?: number; niceness?: number }): { command: string; args: string[] } {
  const limits: string[] = [];
  if (cap.dataMb) limits.push(`ulimit -d ${Math.round(cap.dataMb * 1024)}`);
  if (cap.addressSpaceMb) limits.push(`ulimit -v ${Math.round(cap.addressSpaceMb * 1024)}`);
  if (!limits.length && !cap.niceness) return { command, args };
  // `nice` before exec: every thread the child starts (V8's, libuv's, libvips's) has its priority.
  const run = cap.niceness ? `exec nice -n ${Math.round(cap.niceness)} "$@"` : 'exec "$@"';
  return { command: '/bin/sh', args: ['-c', [...limits, run].join(' && '), 'capped', command, ...args] };
}

/** Resident memory of a process now and at its peak, in bytes (Linux /proc), or null when it is gone. */
export function residentMemory(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return null;
  }
}
