// The silence guard stops a child that says nothing, and never one that keeps talking, however long it
// takes. The timer's rule is checked on fake time (no verdict from a busy machine); the real child
// only has to be stopped at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runWithSilenceGuard, silenceTimer } from './silence-guard.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('silence guard', () => {
  it('stops a silent child, and says so', async () => {
    // The child would sleep a minute; however late a busy machine fires the 300 ms timer, it is stopped.
    const r = await runWithSilenceGuard(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { cwd: process.cwd(), silenceMs: 300 });
    expect(r.silentFor).toBe(300);
    expect(r.stderr).toContain('silence guard: no output for 0.3 s');
  }, 60_000);

  it('fires only after a whole silence: touches keep a long run going, however long it lasts', () => {
    vi.useFakeTimers();
    let fired = 0;
    const g = silenceTimer(1_000, () => fired++);
    // Thirty touches 900 ms apart: 27 s of work, never 1 s of silence.
    for (let i = 0; i < 30; i++) {
      vi.advanceTimersByTime(900);
      g.touch();
    }
    expect(fired).toBe(0);
    vi.advanceTimersByTime(999);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired).toBe(1);
    // Stopped, it never fires.
    const h = silenceTimer(1_000, () => fired++);
    h.stop();
    vi.advanceTimersByTime(10_000);
    expect(fired).toBe(1);
  });
});
