// The runner against misbehaving adapters: each misbehaviour ends in a clean, explained failure
// within the timeout, the adapter is restarted a bounded number of times, and nothing hangs.
import { describe, expect, it } from 'vitest';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdapterProcess } from '../core/process.ts';
import { runConformance } from './run.ts';
import { parseArgs } from './args.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const adapter = (name: string) => [process.execPath, join(HERE, 'test-adapters', `${name}.mjs`)];
const TIMEOUT = 800;
// The wall-time bounds below are hang guards, with seconds for starting Node adapters on a busy
// machine: that each failure came from the runner's own timeout is asserted by its reason ("within
// 800 ms", "within 300 ms", "this case's own limit"), not by the clock. Each guard stays below what
// the run would take if the limit in question were ignored (the 10 s default per request).
const GUARD = 5_000;

async function oneRequest(name: string) {
  const p = new AdapterProcess({ command: adapter(name), timeoutMs: TIMEOUT, maxLineBytes: 1 << 20, maxRestarts: 1 });
  const t0 = Date.now();
  const reply = await p.request('coerce', { value: 'a' });
  const elapsed = Date.now() - t0;
  await p.stop();
  return { reply, elapsed };
}

describe('adapter process', () => {
  const cases: [string, string, RegExp][] = [
    ['crash', 'TR-CONF-1', /exited \(status 3\) before answering; stderr: boom/],
    ['throws', 'TR-CONF-11', /exited \(status 1\) before answering; stderr: .*Error: boom: thrown from the adapter$/],
    ['hang', 'TR-CONF-2', /no response to coerce within 800 ms/],
    ['garbage', 'TR-CONF-1', /response to coerce is not JSON: this is not json/],
    ['endless-line', 'TR-CONF-1', /response line longer than 1048576 octets/],
    ['wrong-id', 'TR-CONF-2', /response id 1002 does not match request id 2/],
    ['missing-id', 'TR-CONF-2', /response id undefined does not match request id 2|does not match the protocol/],
    ['no-logs', 'TR-CONF-2', /does not match the protocol/],
    ['wrong-protocol', 'TR-CONF-3', /speaks "toolresult-adapter\/2", the kit speaks toolresult-adapter\/1/],
    ['ignores-stop', 'TR-CONF-2', /coerce output does not match the protocol/],
  ];
  it.each(cases)('%s: %s fails cleanly with a reason within the timeout', async (name, _req, reason) => {
    const { reply, elapsed } = await oneRequest(name);
    expect(reply.kind).toBe('broken');
    expect(reply.kind === 'broken' && reply.reason).toMatch(reason);
    expect(elapsed).toBeLessThan(TIMEOUT + GUARD);
  });

  it('TR-CONF-3: an adapter that ignores stop is killed, and stop returns', async () => {
    const p = new AdapterProcess({ command: adapter('ignores-stop'), timeoutMs: 300 });
    expect(typeof (await p.ensureStarted())).toBe('object');
    const t0 = Date.now();
    await p.stop();
    expect(Date.now() - t0).toBeLessThan(GUARD); // it never exits by itself: stop kills it after 300 ms
  });

  it('TR-CONF-11: restarts a crashed adapter a bounded number of times, then fails at once', async () => {
    const p = new AdapterProcess({ command: adapter('crash'), timeoutMs: TIMEOUT, maxRestarts: 2 });
    const reasons: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await p.request('coerce', { value: 'a' });
      reasons.push(r.kind === 'broken' ? r.reason : r.kind);
    }
    await p.stop();
    expect(p.restarts).toBe(2);
    expect(reasons.slice(0, 3).every((r) => r.includes('exited'))).toBe(true);
    expect(reasons.slice(3)).toEqual(['adapter given up after 2 restarts', 'adapter given up after 2 restarts']);
  });

  it('TR-CONF-11: a hanging adapter makes every selected case fail with a reason, and the run ends', async () => {
    const out: string[] = [];
    const args = parseArgs(['--only', 'property/TR-BOUND-1', '--only', 'vector/bound/coerce-strings', '--timeout', '300', '--', ...adapter('hang')]);
    if (args.command !== 'conformance') throw new Error('parse');
    const t0 = Date.now();
    const code = await runConformance(args, { out: (l) => out.push(l), err: () => {} });
    expect(code).toBe(1);
    expect(Date.now() - t0).toBeLessThan(30_000); // 4 requests at 300 ms and 4 starts; 40 s at the default timeout
    const text = out.join('\n');
    expect(text).toMatch(/FAIL vector\/bound\/coerce-strings\/[a-z0-9-]+ \[TR-BOUND-[0-9]+.*\]\n {2}reason: no response to coerce within 300 ms/);
    // One report per case that ran (the first start and 3 restarts), then one line for all the rest.
    expect(text.match(/^FAIL /gm)?.length).toBe(4);
    expect(text).toMatch(/^adapter given up after 3 restarts: every remaining case fails without running/m);
    expect(text).not.toMatch(/FAIL property\/TR-BOUND-1/);
    expect(out.at(-1)).toMatch(/^0 passed, \d+ failed$/);
  });

  it('TR-CONF-11 TR-NORM-65: a case whose cost the spec bounds fails in its own time limit, not the run timeout', async () => {
    const out: string[] = [];
    const only = ['work-limit-exponential-anyof', 'work-limit-enforce'].flatMap((id) => ['--only', `vector/normalize-mcp/schema-limits/${id}`]);
    const args = parseArgs([...only, '--', ...adapter('hang-normalize')]);
    if (args.command !== 'conformance') throw new Error('parse');
    const t0 = Date.now();
    const code = await runConformance(args, { out: (l) => out.push(l), err: () => {} });
    const elapsed = Date.now() - t0;
    expect(code).toBe(1);
    const text = out.join('\n');
    // Two stalls at the default 10 s timeout would hold the run 20 s; each case has 4 s of its own.
    expect(text.match(/reason: no response to normalize within 4000 ms \(this case's own limit: the spec bounds its cost/g)?.length).toBe(2);
    expect(elapsed).toBeLessThan(19_000); // 8 s of own limits and 2 starts; 20 s at the default timeout
    expect(out.at(-1)).toBe('0 passed, 2 failed');
  });

  it('TR-CONF-11: with -v, every case not run after the adapter was given up is listed', async () => {
    const out: string[] = [];
    const args = parseArgs(['-v', '--only', 'vector/bound/coerce-strings', '--timeout', '300', '--', ...adapter('crash')]);
    if (args.command !== 'conformance') throw new Error('parse');
    await runConformance(args, { out: (l) => out.push(l), err: () => {} });
    const failed = Number(/(\d+) failed$/.exec(out.at(-1)!)?.[1]);
    expect(failed).toBeGreaterThan(4);
    expect(out.join('\n').match(/^FAIL /gm)?.length).toBe(failed);
    expect(out.join('\n').match(/^ {2}reason: not run: adapter given up after 3 restarts$/gm)?.length).toBe(failed - 4);
  });
});
