// The runner cannot be hijacked by its adapter (issue 10, item 7): adapter-supplied strings reach
// the terminal escaped (TR-CONF-14), and a child the adapter forked cannot keep the runner alive
// (TR-CONF-15).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { AdapterProcess } from '../core/process.ts';
import { runConformance } from './run.ts';
import { terminalSafe } from '../core/terminal-safe.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const adapter = (name: string) => [process.execPath, join(HERE, 'test-adapters', `${name}.mjs`)];
// Anything a terminal acts on: C0 and C1 controls, DEL, bidi overrides.
const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Running, not a zombie waiting for a reaper (a killed orphan may stay one where PID 1 does not reap). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return process.platform !== 'linux';
  }
};

describe('terminalSafe', () => {
  it('TR-CONF-14: writes controls, bidi overrides and lone surrogates as \\u escapes, keeps the rest', () => {
    expect(terminalSafe('\x1b]0;t\x07a\x9bb\u202ec\ud800d')).toBe('\\u001b]0;t\\u0007a\\u009bb\\u202ec\\ud800d');
    expect(terminalSafe('Zoë 東京 😀 ok')).toBe('Zoë 東京 😀 ok');
    expect(terminalSafe('line\nnext')).toBe('line\\u000anext');
  });
});

describe('a hostile adapter', () => {
  it('TR-CONF-14: its hello, stderr and non-JSON lines reach the output escaped', async () => {
    const lines: string[] = [];
    const args = parseArgs(['-v', '--only', 'vector/bound/coerce-strings', '--timeout', '500', '--', ...adapter('hostile-strings')]);
    if (args.command !== 'conformance') throw new Error('parse');
    await runConformance(args, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
    const text = lines.join('\n');
    expect(text).toContain('\\u001b]0;pwned\\u0007evil');
    expect(text).toMatch(/not JSON: \\u001b\[2J/);
    for (const l of lines) expect(l, JSON.stringify(l)).not.toMatch(ACTIVE);
  });

  it('TR-CONF-15: a forked child holding stdout neither keeps stop waiting nor outlives it', async () => {
    let pid = 0;
    const p = new AdapterProcess({
      command: adapter('forks-daemon'),
      timeoutMs: 2000,
      onStderr: (t) => {
        const m = /grandchild (\d+)/.exec(t);
        if (m) pid = Number(m[1]);
      },
    });
    expect(typeof (await p.ensureStarted())).toBe('object');
    // The grandchild never exits and holds stdout for ever, so any finite wait tells "stop waited for
    // it" from "stop did not": each limit below is a hang guard of 30 s, not a speed the test expects
    // (stop itself gives the adapter at most 2 s before it kills the group).
    const GUARD_MS = 30_000;
    const until = async (what: string, ok: () => boolean) => {
      const end = Date.now() + GUARD_MS;
      while (!ok()) {
        if (Date.now() > end) throw new Error(`hang guard: ${what} within ${GUARD_MS} ms`);
        await new Promise((res) => setTimeout(res, 20));
      }
    };
    await until('the grandchild saying its pid', () => pid !== 0);
    expect(alive(pid)).toBe(true);
    const t0 = Date.now();
    await p.stop();
    expect(Date.now() - t0).toBeLessThan(GUARD_MS);
    await until('the grandchild killed with the adapter', () => !alive(pid));
  });
});
