// The generated protocol schema and the TypeBox checks agree on real traffic: every vector request
// validates as a Request with its op's input, and every answer of the reference adapter as a
// Response with its op's output, under Ajv (strict) and TypeCompiler alike.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadSchemas } from '../../codegen/schema-validator.ts';
import { answer } from '../../reference-adapter/main.ts';
import { handlers } from '../../reference-adapter/ops/index.ts';
import { listVectorFiles } from '../runner/vector-cases.ts';
import vectorFileSchema from '../../schemas/conformance/vector-file.schema.json' with { type: 'json' };
import { GROUPS, Ops, checkResponse, outputProblem, type OpName } from './messages.ts';

const ID = 'https://toolresult.dev/schemas/v1/conformance/adapter-protocol.schema.json';
const ajv = loadSchemas();
const validate = (def: string, v: unknown) => {
  const f = ajv.getSchema(`${ID}#/$defs/${def}`)!;
  return f(v) ? undefined : JSON.stringify(f.errors?.[0]);
};

describe('adapter protocol schema', () => {
  const files = listVectorFiles().map(
    (f) =>
      JSON.parse(readFileSync(f, 'utf8')) as {
        op: OpName;
        cases: { id: string; input: Record<string, unknown>; expect: { error?: { code: string } }; bytesModel?: { input: Record<string, unknown> } }[];
      },
  );

  it('TR-CONF-2: every vector request and every reference answer match the protocol in both checkers', () => {
    let id = 0;
    for (const file of files) {
      const spec = Ops[file.op];
      for (const c of file.cases) {
        const request = { id: ++id, op: file.op, input: c.input };
        expect(validate('Request', request)).toBeUndefined();
        // A case that expects adapter.bad_input may send an input without the op's shape on purpose.
        if (c.expect.error?.code !== 'adapter.bad_input') expect(validate(spec.input.title as string, c.input), c.id).toBeUndefined();
        if (c.bytesModel) expect(validate(spec.input.title as string, c.bytesModel.input), `${c.id} (bytes form)`).toBeUndefined();
        const { response } = answer(JSON.stringify(request), handlers, 'test');
        expect(checkResponse.Check(response), c.id).toBe(true);
        expect(validate('Response', response), c.id).toBeUndefined();
        if (response.ok) {
          expect(outputProblem(file.op, response.output), c.id).toBeUndefined();
          expect(validate(spec.output.title as string, response.output), c.id).toBeUndefined();
        }
      }
    }
    expect(id).toBeGreaterThan(100);
  });

  it('rejects a response without logs or with a non-integer id, in both checkers', () => {
    for (const bad of [
      { id: 1, ok: true, output: {} },
      { id: 'x', ok: true, output: {}, logs: [] },
      { id: 1, ok: false, error: { code: '', message: 'm' }, logs: [] },
    ]) {
      expect(checkResponse.Check(bad)).toBe(false);
      expect(validate('Response', bad)).toBeDefined();
    }
  });

  it('names the same operations and groups as the case format (one list each, no drift)', () => {
    // hello, stop and decode (the cost profile's floor) are the protocol's own, not case operations.
    const ops = Object.keys(Ops)
      .filter((o) => Ops[o as OpName].group !== null)
      .sort();
    expect(ops).toEqual([...vectorFileSchema.$defs.Operation.enum].sort());
    expect([...GROUPS]).toEqual(vectorFileSchema.$defs.Group.enum);
    // `normalize` belongs to one normalize-* group per source.
    for (const op of ops) {
      const group = Ops[op as OpName].group as string;
      expect(
        GROUPS.filter((g) => g === group || g.startsWith(`${group}-`)),
        op,
      ).not.toEqual([]);
    }
  });

  it('TR-CONF-12: a protocol mismatch in an output names the path, the rule and the value found there', () => {
    const hello = {
      name: 'x',
      version: '1',
      language: 'go',
      protocol: 'toolresult-adapter/1',
      groups: ['bound', 'teleport'],
      stringModel: 'bytes',
      cycles: false,
      opaqueValues: false,
    };
    expect(outputProblem('hello', hello)).toMatch(/^output\/groups\/1 .*, got "teleport"$/);
    expect(outputProblem('coerce', { text: 'x'.repeat(500) })).toBeUndefined();
    expect(outputProblem('coerce', { text: ['y'.repeat(500)] })!.length).toBeLessThan(220);
  });
});
