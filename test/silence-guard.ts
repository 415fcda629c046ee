// The hang guard of a test that runs the kit (or any child that reports progress) to its end: the
// child is stopped only when it has printed nothing for a long while, never for taking long. The
// kit prints a line per group and, while one case runs long, a heartbeat every 15 s, so silence of
// minutes means a hang, while a run beside two other suites on two cores may take 20 times its quiet
// time and still be right (a fixed 240 s limit failed such a run that was working, issue 39).
import { spawn } from 'node:child_process';

/** Minutes of silence, not of work: the kit is never silent for more than its 15 s heartbeat. */
export const SILENCE_MS = 600_000;

/** A vitest limit for a test that waits on such a child: the silence guard decides, not this. */
export const GUARDED_TEST_MS = 7_200_000;

export interface GuardedRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when the guard stopped the child: how long it had been silent. */
  readonly silentFor?: number;
}

/** A timer that fires after `silenceMs` without a touch; each touch starts the wait again. */
export function silenceTimer(silenceMs: number, onSilence: () => void): { touch(): void; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(onSilence, silenceMs);
  };
  touch();
  return { touch, stop: () => clearTimeout(timer) };
}

export function runWithSilenceGuard(command: string, args: readonly string[], options: { cwd: string; silenceMs?: number }): Promise<GuardedRun> {
  const silenceMs = options.silenceMs ?? SILENCE_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd });
    let stdout = '';
    let stderr = '';
    let silentFor: number | undefined;
    const guard = silenceTimer(silenceMs, () => {
      silentFor = silenceMs;
      child.kill('SIGTERM');
    });
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      guard.touch();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      guard.touch();
    });
    child.on('error', (e) => {
      guard.stop();
      reject(e);
    });
    child.on('close', (status) => {
      guard.stop();
      const note = silentFor === undefined ? '' : `\n[silence guard: no output for ${silentFor / 1000} s, the child was stopped]`;
      resolve({ status, stdout, stderr: stderr + note, ...(silentFor === undefined ? {} : { silentFor }) });
    });
  });
}
