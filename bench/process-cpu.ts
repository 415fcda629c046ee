// CPU time of processes, read from Linux /proc: a bench's "where the time goes" beside its rates.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** utime + stime of a process, in ms (USER_HZ 100), and its parent's pid; undefined once it is gone. */
function stat(pid: number | string): { ms: number; ppid: number } | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' '); // state, ppid, …, utime (12th), stime
    return { ms: (Number(f[11]) + Number(f[12])) * 10, ppid: Number(f[1]) };
  } catch {
    return undefined;
  }
}

/** The CPU time the processes have used so far, in ms (one that exited counts 0). */
export function processesCpuMs(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + (stat(pid)?.ms ?? 0), 0);
}

/** The CPU time of each of a PostgreSQL cluster's server processes (the postmaster's children) so far, in ms. */
export function serverCpuMs(dataDir: string): Map<number, number> {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const ms = new Map<number, number>();
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    const s = stat(p);
    if (s?.ppid === postmaster) ms.set(Number(p), s.ms);
  }
  return ms;
}

/**
 * The CPU time server processes used between two readings of serverCpuMs: a process that began in
 * between counts whole; one that exited in between counts nothing after the first reading (its last
 * moments are lost: /proc forgets it), so the figure is never negative and at most a little low.
 */
export function serverCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
}
