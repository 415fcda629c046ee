// Peak resident memory of the adapter (Linux): VmHWM of /proc/<pid>/status, over the adapter and
// every process it started (a wrapper script, `npx`, a language launcher), reset before each sample
// by writing 5 to /proc/<pid>/clear_refs. Elsewhere, or where /proc cannot be written, memory is
// not measured and the profile says so.
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
