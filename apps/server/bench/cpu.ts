import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds used so far by a process and everything it started (tsx runs the server as its
 * child), read from /proc. CPU per request is a figure the machine's other load barely moves, unlike
 * requests per second: a bench on a busy machine still tells what our layers cost. Linux only;
 * null elsewhere.
 */
export function treeCpuSeconds(rootPid: number | undefined): number | null {
  if (!rootPid) return null;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields are counted after its last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(pid), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  if (!stats.has(rootPid)) return null;
  const inTree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, s] of stats) {
      if (!inTree.has(pid) && inTree.has(s.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of inTree) ticks += stats.get(pid)!.ticks;
  // /proc counts in USER_HZ, 100 per second on every Linux this runs on.
  return ticks / 100;
}

/** CPU ticks (1/100 s) so far of each process of one command name, by pid (commCpuSnapshot). */
export type CommCpu = Map<number, number>;

/**
 * CPU used so far by every process whose command name is `comm` (all of PostgreSQL's backends:
 * `postgres`), per process, from /proc; null where /proc is missing. Compare two with
 * `commCpuSecondsBetween`.
 */
export function commCpuSnapshot(comm: string): CommCpu | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const ticks: CommCpu = new Map();
  for (const pid of entries) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(pid), Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/**
 * CPU seconds the processes spent between two snapshots: each one's growth, a process started in
 * between counted whole. A process that ended in between is left out (/proc forgets it); summing
 * totals instead made the figure negative when an idle pool closed its connections.
 */
export function commCpuSecondsBetween(before: CommCpu | null, after: CommCpu | null): number | null {
  if (!before || !after) return null;
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks / 100;
}
