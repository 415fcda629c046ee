// The silence guard stops a child that says nothing, and never one that keeps talking, however long it takes.
import { describe, expect, it } from 'vitest';
import { runWithSilenceGuard } from './silence-guard.ts';

describe('silence guard', () => {
  it('stops a silent child, and says so', async () => {
    const r = await runWithSilenceGuard(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { cwd: process.cwd(), silenceMs: 300 });
    expect(r.silentFor).toBe(300);
    expect(r.stderr).toContain('silence guard: no output for 0.3 s');
  }, 60_000);

  it('lets a child that prints run past many silences of the limit', async () => {
    // Thirty lines 200 ms apart, 6 s in all, against a 4 s silence limit: the run outlasts the limit
    // and is not stopped, since no gap between two lines comes near it (a busy machine would have to
    // hold the child back for 4 s at once).
    const script = 'let n = 0; const t = setInterval(() => { console.log(n++); if (n === 30) clearInterval(t); }, 200);';
    const r = await runWithSilenceGuard(process.execPath, ['-e', script], { cwd: process.cwd(), silenceMs: 4_000 });
    expect(r.silentFor).toBeUndefined();
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(30);
  }, 60_000);
});
