// Writes schemas/conformance/adapter-protocol.schema.json from conformance/protocol/messages.ts
// (the TypeBox source), and stack-adapter-protocol.schema.json, the part of it a stack adapter
// speaks (hello, step, stop: spec/11-stacks.md), for adapters in any language. `--check`
// regenerates in memory and fails when a committed file differs.
// Its `$comment` starts with GENERATED_MARK so codegen does not feed it back in; `$comment` is an
// annotation every validator accepts (an `x-` keyword fails Ajv's default strict mode).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, ID_BASE, GENERATED_MARK } from './schema-files.ts';
import { Ops, Request, Response, OkResponse, ErrorResponse, ErrorBody, PROTOCOL } from '../conformance/protocol/messages.ts';

const OUT = join(ROOT, 'schemas', 'conformance', 'adapter-protocol.schema.json');
const STACK_OUT = join(ROOT, 'schemas', 'conformance', 'stack-adapter-protocol.schema.json');
/** The operations of a stack adapter (the stacks group and the two every adapter has). */
const STACK_OPS = ['hello', 'step', 'stop'] as const;

export function protocolSchema(): Record<string, unknown> {
  const defs: Record<string, unknown> = { Request, Response, OkResponse, ErrorResponse, ErrorBody };
  for (const spec of Object.values(Ops)) {
    defs[spec.input.title as string] = spec.input;
    defs[spec.output.title as string] = spec.output;
  }
  const table = Object.entries(Ops)
    .map(([op, spec]) => `${op} (group ${spec.group ?? '-'}): ${spec.input.title} -> ${spec.output.title}`)
    .join('; ');
  // JSON round trip drops TypeBox's symbol keys, leaving plain JSON Schema.
  return JSON.parse(
    JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: `${ID_BASE}conformance/adapter-protocol.schema.json`,
      title: 'AdapterProtocol',
      description: `Messages of the conformance adapter protocol ${PROTOCOL} (spec/09-conformance.md).`,
      $comment: `${GENERATED_MARK}conformance/protocol/messages.ts by scripts/generate-protocol-schema.ts: do not edit. Operations: ${table}.`,
      anyOf: [{ $ref: '#/$defs/Request' }, { $ref: '#/$defs/Response' }],
      $defs: defs,
    }),
  );
}

/**
 * The stack adapter protocol: the same envelopes, with only hello, step and stop. A stack adapter in
 * any language (stacks/adapters/shared/adapter_loop.py for Python) answers by this schema; the kit's
 * runner checks every answer against the same TypeBox definitions.
 */
export function stackProtocolSchema(): Record<string, unknown> {
  const defs: Record<string, unknown> = { Request, Response, OkResponse, ErrorResponse, ErrorBody };
  for (const op of STACK_OPS) {
    defs[Ops[op].input.title as string] = Ops[op].input;
    defs[Ops[op].output.title as string] = Ops[op].output;
  }
  const table = STACK_OPS.map((op) => `${op}: ${Ops[op].input.title} -> ${Ops[op].output.title}`).join('; ');
  return JSON.parse(
    JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: `${ID_BASE}conformance/stack-adapter-protocol.schema.json`,
      title: 'StackAdapterProtocol',
      description: `Messages between the stack kit (stacks/kit) and a stack adapter, the ${PROTOCOL} operations hello, step and stop (spec/11-stacks.md): one JSON object per line, requests on the adapter's stdin, responses on its stdout. A step runs one agent step of the stack against the probe MCP server and returns every provider HTTP body it sent. hello answers with groups ["stacks"]; its language names the runtime (e.g. "python (CPython 3.11.7; mcp 1.x)").`,
      $comment: `${GENERATED_MARK}conformance/protocol/messages.ts by scripts/generate-protocol-schema.ts: do not edit. Operations: ${table}.`,
      anyOf: [{ $ref: '#/$defs/Request' }, { $ref: '#/$defs/Response' }],
      $defs: defs,
    }),
  );
}

/** Writes the schemas, or with check=true reports their drift; returns the process exit code. */
export function main(check: boolean): number {
  let code = 0;
  for (const [out, schema] of [
    [OUT, protocolSchema()],
    [STACK_OUT, stackProtocolSchema()],
  ] as const) {
    const text = `${JSON.stringify(schema, null, 2)}\n`;
    const name = out.slice(out.lastIndexOf('/') + 1);
    if (check) {
      if (!existsSync(out) || readFileSync(out, 'utf8') !== text) {
        console.error(`${out} is out of date with conformance/protocol/messages.ts.\nRun: npm run generate`);
        code = 1;
      } else console.log(`${name} is up to date`);
      continue;
    }
    writeFileSync(out, text);
    console.log(`wrote ${out}`);
  }
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.includes('--check'));
