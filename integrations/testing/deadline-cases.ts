// The deadline cases every integration test runs (spec/07-replay.md §7.9, spec/11-stacks.md §11.7),
// against a real MCP server in a process of its own (stdio-server.mjs) through the stack's own stdio
// client: a server that never answers, one that dies mid-call, one that answers after the deadline,
// the caller's abort, and the stack's own timeout. Each checks what the call produced (the model told
// the interrupted result, the ledger holding the interrupted entry byte for byte, the late answer
// dropped, the server told of the cancellation where the stack's client does so) and how long the
// stack's run took.
//
// Why the timed assertions cannot flake: each bound is the acceptance bound of issue 35 (the deadline
// + 2 s; 1 s after an abort), and what it measures is one agent step over an already connected server
// with its tools already wrapped (the spawn, the handshake and the listing are outside the clock): a few event-loop turns and
// the deadline's own timer, a few ms of CPU. Only a step that waits for something other than the
// deadline or the abort (the defect they exist to catch) takes seconds; a loaded machine stretches
// the step's milliseconds, not the timer. The lower bound (never before the deadline) is a property
// of Node's timers, not of speed. Every wait for the server's own events is a hang guard only.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { callFingerprint } from '../../reference-impl/index.ts';
import { InMemoryLedger, INTERRUPTED_ENTRY, INTERRUPTED_TEXT, CollectingLogger } from '../../reference-impl/internal.ts';
import type { IntegrationOptions } from '../core/index.ts';
import { leaks } from './cases.ts';

const SERVER = fileURLToPath(new URL('./stdio-server.mjs', import.meta.url));

/** The call ID every driver's scripted model uses for the one tool call. */
export const DEADLINE_CALL_ID = 'call_deadline';

export type ServerMode = 'hang' | 'die' | 'stuck' | `late:${number}`;

/** A stdio server command: `node stdio-server.mjs <mode> <events file>`. */
export interface ServerCommand {
  readonly command: string;
  readonly args: string[];
}

/**
 * One agent step whose scripted model calls the server's `lookup` once under DEADLINE_CALL_ID. Resolves
 * to what the model was given for it (JSON text of the stack's tool output), or rejects as the stack's
 * run does on an abort.
 */
export type Step = (signal?: AbortSignal) => Promise<string>;

export interface DeadlineSession {
  /** The server's tools wrapped by the integration with `options` (listing them is outside the clock). */
  wrap(options: IntegrationOptions): Promise<Step>;
  close(): Promise<void>;
}

export interface DeadlineDriver {
  /** Connects the stack's MCP client to `server`, with the stack's own per-call timeout when given. */
  connect(server: ServerCommand, stackTimeoutMs?: number): Promise<DeadlineSession>;
  /** Whether the stack's MCP client tells the server of a cancellation (sends notifications/cancelled). */
  readonly tellsServer: boolean;
  /** Where the stack's own timeout is set, or undefined when the stack has none a tool sees. */
  readonly stackTimeout: string | undefined;
  /** The name the scripted model calls the tool by (the ledger keys the call by it and its arguments, {}). */
  readonly toolName: string;
}

/** The measured return times, by case, for the report (printed once per file). */
const measured: Record<string, number> = {};

const DEADLINE = 400;
const LATE_BY = 700;
/** A hang guard for waits on the server's own events (seconds beyond any bound asserted). */
const GUARD_MS = 10_000;

async function until(what: string, ok: () => boolean): Promise<void> {
  const end = Date.now() + GUARD_MS;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`hang guard: ${what} did not happen within ${GUARD_MS} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function deadlineCases(stack: string, driver: DeadlineDriver): void {
  // The call's place in the ledger: the default scope (no thread), the tool called with {}.
  const at = { scope: '', fingerprint: callFingerprint(driver.toolName, {}) };
  const entryOf = (ledger: InMemoryLedger) => ledger.entry(DEADLINE_CALL_ID, at);
  const dir = mkdtempSync(join(tmpdir(), `trp-deadline-${stack}-`));
  let n = 0;
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    console.log(`[${stack}] deadline cases, ms from the step's start (abort: from the abort): ${JSON.stringify(measured)}`);
  });

  async function session(mode: ServerMode, stackTimeoutMs?: number) {
    const events = join(dir, `events-${++n}`);
    const s = await driver.connect({ command: process.execPath, args: [SERVER, mode, events] }, stackTimeoutMs);
    const read = () => {
      try {
        return readFileSync(events, 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    };
    // The server's own end, after the session's: a stuck server ignores its stdin closing, and a
    // stack whose close does not signal it would leave it behind.
    const close = async () => {
      try {
        await s.close();
      } finally {
        try {
          process.kill(Number(readFileSync(`${events}.pid`, 'utf8')), 'SIGKILL');
        } catch {
          // Already gone: the stack's close ended it.
        }
      }
    };
    return { ...s, close, events: read };
  }

  async function timed(step: Step): Promise<{ told: string; ms: number }> {
    const t0 = performance.now();
    const told = await step();
    return { told, ms: performance.now() - t0 };
  }

  it(`a server that never answers: the interrupted result at the deadline (${DEADLINE} ms, + 2 s at most), recorded as interrupted; the server told where the client can`, async () => {
    const s = await session('hang');
    try {
      const ledger = new InMemoryLedger();
      const logger = new CollectingLogger();
      const { told, ms } = await timed(await s.wrap({ ledger, logger, deadlineMs: DEADLINE }));
      measured['never answers'] = Math.round(ms);
      expect(told).toContain(INTERRUPTED_TEXT);
      expect(entryOf(ledger)).toBe(INTERRUPTED_ENTRY);
      expect(ms).toBeGreaterThanOrEqual(DEADLINE - 5);
      expect(ms).toBeLessThan(DEADLINE + 2_000);
      expect(leaks(logger.lines)).toEqual([]);
      if (driver.tellsServer) await until('the server seeing notifications/cancelled', () => s.events().includes('cancelled'));
      else expect(s.events()).toEqual(['call']);
    } finally {
      await s.close();
    }
  });

  it('a server that answers after the deadline: the interrupted result at the deadline; the late answer is dropped', async () => {
    const s = await session(`late:${DEADLINE + LATE_BY}`);
    try {
      const ledger = new InMemoryLedger();
      const { told, ms } = await timed(await s.wrap({ ledger, deadlineMs: DEADLINE }));
      measured['answers late'] = Math.round(ms);
      expect(told).toContain(INTERRUPTED_TEXT);
      expect(told).not.toContain('the late answer');
      expect(ms).toBeLessThan(DEADLINE + 2_000);
      // A client that cancelled makes the server's handler answer into nothing; one that did not gets the answer and drops it.
      await until('the server answering late', () => s.events().includes('answered'));
      await new Promise((r) => setTimeout(r, 50));
      expect(entryOf(ledger)).toBe(INTERRUPTED_ENTRY);
    } finally {
      await s.close();
    }
  });

  it('a server that dies mid-call: an error result, before the deadline (1.5 s) + 2 s, and the run goes on', async () => {
    const s = await session('die');
    try {
      const ledger = new InMemoryLedger();
      const { told, ms } = await timed(await s.wrap({ ledger, deadlineMs: 1_500 }));
      measured['dies mid-call'] = Math.round(ms);
      expect(s.events()).toEqual(['call']);
      const entry = JSON.parse(entryOf(ledger)!) as { result: { isError: boolean; content: string } };
      expect(entry.result.isError).toBe(true);
      expect(told).toContain(entry.result.content);
      expect(ms).toBeLessThan(1_500 + 2_000);
    } finally {
      await s.close();
    }
  });

  it("the caller's abort: the run returns within 1 s of it (deadline left at its 60 s default), the call recorded as interrupted", async () => {
    const s = await session('hang');
    try {
      const ledger = new InMemoryLedger();
      const stop = new AbortController();
      const step = await s.wrap({ ledger });
      const running = step(stop.signal).then(
        (told) => ({ told }),
        (error: unknown) => ({ error }),
      );
      await until('the server getting the call', () => s.events().includes('call'));
      const t0 = performance.now();
      stop.abort();
      const out = await running;
      const ms = performance.now() - t0;
      measured['abort'] = Math.round(ms);
      expect(ms).toBeLessThan(1_000);
      if ('told' in out) expect(out.told).toContain(INTERRUPTED_TEXT);
      await until('the ledger holding the interrupted entry', () => entryOf(ledger) !== undefined);
      expect(entryOf(ledger)).toBe(INTERRUPTED_ENTRY);
      if (driver.tellsServer) await until('the server seeing notifications/cancelled', () => s.events().includes('cancelled'));
    } finally {
      await s.close();
    }
  });

  // A stuck server (issue 50): its event loop blocked, it reads nothing more, so it never sees a
  // cancellation nor its stdin closing. The answer must not wait for anything of the server's: not
  // its reply, not its exit. The session is closed after the answer (its shutdown may take the
  // client's grace period for a server that ignores stdin; that is outside the call).
  it(`a stuck server (event loop blocked): the interrupted result at the deadline (${DEADLINE} ms, + 2 s at most), the session closed only after the answer`, async () => {
    const s = await session('stuck');
    try {
      const ledger = new InMemoryLedger();
      const { told, ms } = await timed(await s.wrap({ ledger, deadlineMs: DEADLINE }));
      measured['stuck, deadline'] = Math.round(ms);
      expect(told).toContain(INTERRUPTED_TEXT);
      expect(entryOf(ledger)).toBe(INTERRUPTED_ENTRY);
      expect(ms).toBeGreaterThanOrEqual(DEADLINE - 5);
      expect(ms).toBeLessThan(DEADLINE + 2_000);
      expect(s.events()).toEqual(['call']);
    } finally {
      // Reported, not judged: the client's own grace period for a server that ignores stdin.
      const t0 = performance.now();
      await s.close();
      measured['stuck, session close after the answer'] = Math.round(performance.now() - t0);
    }
  });

  it("a stuck server and the caller's abort: the run returns within 1 s of it, the call recorded as interrupted", async () => {
    const s = await session('stuck');
    try {
      const ledger = new InMemoryLedger();
      const stop = new AbortController();
      const step = await s.wrap({ ledger });
      const running = step(stop.signal).then(
        (told) => ({ told }),
        (error: unknown) => ({ error }),
      );
      await until('the server getting the call', () => s.events().includes('call'));
      const t0 = performance.now();
      stop.abort();
      const out = await running;
      const ms = performance.now() - t0;
      measured['stuck, abort'] = Math.round(ms);
      expect(ms).toBeLessThan(1_000);
      if ('told' in out) expect(out.told).toContain(INTERRUPTED_TEXT);
      await until('the ledger holding the interrupted entry', () => entryOf(ledger) !== undefined);
      expect(entryOf(ledger)).toBe(INTERRUPTED_ENTRY);
    } finally {
      await s.close();
    }
  });

  if (driver.stackTimeout === undefined) return;
  // Longer than DEADLINE: a stack may bound its listing by the same timeout (Mastra does).
  const STACK = 1_500;
  it(`the stack's own timeout (${driver.stackTimeout}, ${STACK} ms) is the deadline when the integration sets none`, async () => {
    const s = await session('hang', STACK);
    try {
      const ledger = new InMemoryLedger();
      const { told, ms } = await timed(await s.wrap({ ledger }));
      measured['stack timeout'] = Math.round(ms);
      expect(told).toContain(INTERRUPTED_TEXT);
      expect(entryOf(ledger)).toBe(INTERRUPTED_ENTRY);
      expect(ms).toBeGreaterThanOrEqual(STACK - 5);
      expect(ms).toBeLessThan(STACK + 2_000);
    } finally {
      await s.close();
    }
  });
}
