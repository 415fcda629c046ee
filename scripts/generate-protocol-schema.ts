// Writes schemas/conformance/adapter-protocol.schema.json from conformance/protocol/messages.ts
// (the TypeBox source). `--check` regenerates in memory and fails when the committed file differs.
// Its `$comment` starts with GENERATED_MARK so codegen does not feed it back in; `$comment` is an
// annotation every validator accepts (an `x-` keyword fails Ajv's default strict mode).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, ID_BASE, GENERATED_MARK } from './schema-files.ts';
import { Ops, Request, Response, OkResponse, ErrorResponse, ErrorBody, PROTOCOL } from '../conformance/protocol/messages.ts';

const OUT = join(ROOT, 'schemas', 'conformance', 'adapter-protocol.schema.json');

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

/** Writes the schema, or with check=true reports its drift; returns the process exit code. */
export function main(check: boolean): number {
  const text = JSON.stringify(protocolSchema(), null, 2) + '\n';
  if (check) {
    if (!existsSync(OUT) || readFileSync(OUT, 'utf8') !== text) {
      console.error(`${OUT} is out of date with conformance/protocol/messages.ts.\nRun: npm run generate`);
      return 1;
    }
    console.log('adapter-protocol.schema.json is up to date');
    return 0;
  }
  writeFileSync(OUT, text);
  console.log(`wrote ${OUT}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.includes('--check'));
