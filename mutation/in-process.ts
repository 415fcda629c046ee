// The reference adapter in process, for the mutation run: each request goes through the adapter's
// own line handling (reference-adapter/main.ts `answer`) and comes back through the checks the
// runner's process transport makes (conformance/core/process.ts onLine), minus the process. What
// answers is the source Stryker instrumented; the checks are the kit's bundled, unmutated ones.
import { answer } from '../reference-adapter/main.ts';
import { handlers } from '../reference-adapter/ops/index.ts';
import type { Adapter } from '../conformance/core/case.ts';
import type { Reply } from '../conformance/core/process.ts';
import type { HelloOutput } from '../conformance/protocol/messages.ts';

export interface KitChecks {
  jsonText(v: unknown): string;
  checkResponse: { Check(v: unknown): boolean };
  outputProblem(op: string, output: unknown): string | undefined;
}

const NAME = 'toolresult-reference';

export class InProcessAdapter implements Adapter {
  private nextId = 1;
  requests = 0;
  constructor(private readonly kit: KitChecks) {}

  hello(): HelloOutput {
    const reply = this.send('hello', {});
    if (reply.kind !== 'ok') throw new Error(`hello failed: ${reply.kind === 'broken' ? reply.reason : reply.code}`);
    return reply.output as unknown as HelloOutput;
  }

  request(op: string, input: Record<string, unknown>): Promise<Reply> {
    return Promise.resolve(this.send(op, input));
  }

  private send(op: string, input: Record<string, unknown>): Reply {
    this.requests++;
    const id = this.nextId++;
    let line: string;
    try {
      // As the process transport writes a request and reads a response: text both ways, so a value
      // JSON cannot carry is lost here as it would be on the wire.
      line = JSON.stringify(answer(this.kit.jsonText({ id, op, input }), handlers, NAME).response);
    } catch (e) {
      return { kind: 'broken', reason: `adapter crashed: ${e instanceof Error ? e.message : String(e)}` };
    }
    let msg: unknown;
    try {
      msg = JSON.parse(line);
    } catch {
      return { kind: 'broken', reason: `response to ${op} is not JSON` };
    }
    if (!this.kit.checkResponse.Check(msg)) return { kind: 'broken', reason: `response to ${op} does not match the protocol` };
    const m = msg as { id: number; ok: boolean; output?: Record<string, unknown>; error?: { code: string; message: string }; logs: string[] };
    if (m.id !== id) return { kind: 'broken', reason: `response id ${m.id} does not match request id ${id}` };
    if (!m.ok) return { kind: 'error', code: m.error!.code, message: m.error!.message, logs: m.logs, line };
    const problem = this.kit.outputProblem(op, m.output);
    if (problem) return { kind: 'broken', reason: `${op} output does not match the protocol: ${problem}` };
    return { kind: 'ok', output: m.output!, logs: m.logs, line };
  }
}
