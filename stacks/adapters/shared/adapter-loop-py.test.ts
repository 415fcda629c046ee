// The Python adapter loop (adapter_loop.py) speaks the stack adapter protocol: every line it writes
// matches stack-adapter-protocol.schema.json, whatever the stack prints or logs, and it answers bad
// input with the protocol's errors. A step function of its own (standard library only, so no venv)
// reaches the loopback server's fake provider and probe MCP server over HTTP, as a stack does, and,
// asked for telemetry with content, persists a store and exports a gzip-encoded body to the fake
// telemetry collector, which the step reports octet for octet (latin1).
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { loadSchemas } from '../../../codegen/schema-validator.ts';
import { REPO_ROOT } from '../../kit/stacks.ts';

const STEP = String.raw`
import gzip, json, logging, sys, urllib.request
sys.path.insert(0, "stacks/adapters/shared")
from adapter_loop import Outcome, serve

def post(url, body, accept="application/json"):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={"content-type": "application/json", "accept": accept})
    with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(req, timeout=30) as r:
        return r.read().decode()

async def step(s):
    print("a stack printing to stdout")       # must not reach the protocol channel
    logging.getLogger("stack").warning("a stack logging")
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    post(s.mcp_url, init, "application/json, text/event-stream")
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "probe", "arguments": {}}}
    result = json.loads(post(s.mcp_url, call, "application/json, text/event-stream"))["result"]
    s.model_requests.append({"at": "2026-12-02T01:02:03.456Z", "id": "lc_123e4567-e89b-12d3-a456-426614174000"})
    post(s.openai_base_url + "/chat/completions", {"model": "m", "messages": [{"role": "tool", "content": result["content"][0]["text"]}]})
    if s.record_content:
        s.persist("a store (state.db)", b"\x00\xffTRCT0000")
        span = urllib.request.Request(s.collector_url + "/v1/traces", data=gzip.compress(b'{"span": "\xc3\xbc TRCT0000"}'), method="POST", headers={"content-type": "application/json", "content-encoding": "gzip"})
        urllib.request.build_opener(urllib.request.ProxyHandler({})).open(span, timeout=30).read()
    return Outcome(kept=result, threw=None)

serve("loop check", "none@0", step)
`;

interface Line {
  id: number | null;
  ok: boolean;
  output?: Record<string, unknown>;
  error?: { code: string };
  logs: string[];
}

function run(lines: readonly string[]): Promise<{ out: Line[]; raw: string[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['-c', STEP], { cwd: REPO_ROOT, env: { ...process.env, TOOLRESULT_STACK_NODE: process.execPath } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('exit', () => {
      const raw = stdout.split('\n').filter((l) => l !== '');
      resolve({ out: raw.map((l) => JSON.parse(l) as Line), raw, stderr });
    });
    child.stdin.end(`${lines.join('\n')}\n`);
  });
}

describe('adapter_loop.py', () => {
  it('answers every line by stack-adapter-protocol.schema.json; a stack printing or logging never reaches stdout', async () => {
    const validate = loadSchemas().getSchema('https://toolresult.dev/schemas/v1/conformance/stack-adapter-protocol.schema.json')!;
    const step = { result: { content: [{ type: 'text', text: 'TRCT0000' }], isError: false }, provider: 'openai-chat' };
    const { out, raw, stderr } = await run([
      JSON.stringify({ id: 1, op: 'hello', input: { protocol: 'toolresult-adapter/1' } }),
      'not json',
      JSON.stringify({ id: 2, op: 'step' }),
      JSON.stringify({ id: 3, op: 'bound', input: {} }),
      JSON.stringify({ id: 4, op: 'step', input: { result: [], provider: 'openai-chat' } }),
      JSON.stringify({ id: 5, op: 'step', input: { ...step, provider: 'gemini' } }),
      JSON.stringify({ id: 6, op: 'step', input: step }),
      JSON.stringify({ id: 7, op: 'step', input: { ...step, telemetry: 'all' } }),
      JSON.stringify({ id: 8, op: 'step', input: { ...step, telemetry: 'content' } }),
      JSON.stringify({ id: 9, op: 'stop', input: {} }),
    ]);
    for (const l of raw) expect(validate(JSON.parse(l)), `${l.slice(0, 200)}: ${JSON.stringify(validate.errors?.[0])}`).toBe(true);
    expect(out.map((l) => [l.id, l.ok, l.error?.code])).toEqual([
      [1, true, undefined],
      [null, false, 'adapter.bad_request'],
      [null, false, 'adapter.bad_request'],
      [3, false, 'adapter.unknown_op'],
      [4, false, 'adapter.bad_input'],
      [5, false, 'adapter.bad_input'],
      [6, true, undefined],
      [7, false, 'adapter.bad_input'],
      [8, true, undefined],
      [9, true, undefined],
    ]);
    expect(out[0]!.output).toMatchObject({
      name: 'loop check',
      version: 'none@0',
      groups: ['stacks'],
      language: expect.stringMatching(/^python \(CPython \d+\.\d+\.\d+\)$/),
    });
    const stepOut = out[6]!.output!;
    // The probe server answered with the case, and the fake provider recorded the body as sent.
    expect(stepOut['kept']).toMatchObject({ content: [{ type: 'text', text: 'TRCT0000' }] });
    expect(stepOut['requests']).toEqual([{ model: 'm', messages: [{ role: 'tool', content: 'TRCT0000' }] }]);
    expect(stepOut['threw']).toBeNull();
    // Values a stack makes up per run are steadied in kept and the model requests, never in the bodies.
    expect(stepOut['modelRequests']).toEqual([{ at: '<volatile>', id: 'lc_<volatile>' }]);
    expect(out[6]!.logs).toEqual(['warning stack: a stack logging']);
    expect(stderr).toContain('a stack printing to stdout');
    // A step function that reports no store and sent no telemetry gets a reason for each, never an empty list.
    expect(stepOut).toMatchObject({
      persistedNotApplicable: 'the adapter reports no persisted store',
      exportedNotApplicable: 'tracing was switched on, but the collector received no body during the step',
    });
    expect(stepOut).not.toHaveProperty('persisted');
    expect(stepOut).not.toHaveProperty('exported');
    // Each octet one code point: the store's 0x00 0xff, the body decoded from gzip with its UTF-8 ü as two octets.
    const content = out[8]!.output!;
    expect(content['persisted']).toEqual([{ where: 'a store (state.db)', text: '\u0000\u00ffTRCT0000' }]);
    expect(content['exported']).toEqual([{ where: 'POST /v1/traces (application/json), gzip-encoded, decoded', text: '{"span": "\u00c3\u00bc TRCT0000"}' }]);
    expect(content).not.toHaveProperty('persistedNotApplicable');
    expect(content).not.toHaveProperty('exportedNotApplicable');
  }, 120_000);
});
