// What the adapter's processes used (Linux /proc), over the adapter and every process it started (a
// wrapper script, `npx`, a language launcher):
// - CPU time: the first field of /proc/<pid>/task/<tid>/schedstat (nanoseconds on a CPU), summed
//   over every thread, so a loaded machine's waiting is not counted as the adapter's work;
// - peak resident memory: VmHWM of /proc/<pid>/status, reset before each sample by writing 5 to
//   /proc/<pid>/clear_refs.
// Elsewhere, or where /proc cannot be read or written, the profile falls back to wall time and
// leaves memory out, and says so.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** The process and its descendants, by parent links in /proc/<pid>/stat. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const e of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(e)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // The command name, in parentheses, may hold spaces and parentheses: fields start after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(e));
    children.set(ppid, list);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const p = stack.pop()!;
    out.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

/** CPU time of the process tree so far, in milliseconds; undefined when it cannot be read. */
export function cpuMs(root: number | undefined): number | undefined {
  if (root === undefined || process.platform !== 'linux') return undefined;
  let ns = 0;
  let read = false;
  for (const p of tree(root)) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      continue; // gone since the listing
    }
    for (const t of tasks) {
      try {
        ns += Number(readFileSync(`/proc/${p}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
        read = true;
      } catch {
        // a thread that ended since the listing
      }
    }
  }
  return read ? ns / 1e6 : undefined;
}

export interface PeakMemory {
  /** Resets the peak of every process of the adapter; false when that cannot be done here. */
  reset(): boolean;
  /** The largest peak resident set of a process of the adapter since the reset, in octets. */
  peak(): number | undefined;
}

export function peakMemory(pid: () => number | undefined): PeakMemory {
  return {
    reset() {
      const root = pid();
      if (root === undefined || process.platform !== 'linux') return false;
      let ok = true;
      for (const p of tree(root)) {
        try {
          writeFileSync(`/proc/${p}/clear_refs`, '5');
        } catch {
          ok = false;
        }
      }
      return ok;
    },
    peak() {
      const root = pid();
      if (root === undefined || process.platform !== 'linux') return undefined;
      let max: number | undefined;
      for (const p of tree(root)) {
        try {
          const m = /^VmHWM:\s+([0-9]+) kB$/m.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
          if (m) max = Math.max(max ?? 0, Number(m[1]) * 1024);
        } catch {
          // gone since the listing
        }
      }
      return max;
    },
  };
}
