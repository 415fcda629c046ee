// Runs every conformance vector in-process through the op handlers: each file must validate
// against vector-file.schema.json (Ajv 2020-12, strict), each input member against
// tagged-value.schema.json, case IDs must be unique, and every case must give exactly what it
// expects. A case whose op has no handler fails: the kit ships no case the reference cannot answer.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { CollectingLogger } from '../reference-impl/internal.ts';
import { getterCalls } from '../reference-adapter/decode-tagged.ts';
import { handlers } from '../reference-adapter/ops/index.ts';
import { OpError } from '../reference-adapter/ops/types.ts';
import { firstDifference } from './core/compare.ts';
import { outsideStringModel } from './runner/string-model.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const VECTORS = join(HERE, 'vectors');
const SCHEMAS = join(HERE, '..', 'schemas', 'conformance');

interface VectorCase {
  id: string;
  description: string;
  requirements: string[];
  needs?: string[];
  input: Record<string, unknown>;
  expect: { output: Record<string, unknown> } | { error: { code: string; messageExcludes?: string[] } };
  bytesModel?: { description: string; input: Record<string, unknown>; expect: VectorCase['expect'] };
}
interface VectorFile {
  description: string;
  group: string;
  op: string;
  cases: VectorCase[];
}

const ajv = new Ajv2020({ strict: true, allErrors: true });
const vectorFileSchema = JSON.parse(readFileSync(join(SCHEMAS, 'vector-file.schema.json'), 'utf8'));
const taggedSchema = JSON.parse(readFileSync(join(SCHEMAS, 'tagged-value.schema.json'), 'utf8'));
const validateFile = ajv.compile(vectorFileSchema);
const validateTagged = ajv.compile(taggedSchema);

function listVectorFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listVectorFiles(p));
    else if (e.name.endsWith('.json')) out.push(p);
  }
  return out.sort();
}

function show(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 600 ? `${text.slice(0, 597)}...` : text;
}

const BYTES = { stringModel: 'bytes' } as const;

/** An `object` tag with a `bytes` key: a UTF-16 adapter decodes that key at the door, a byte-string one keeps its octets (§9.2). */
function hasBytesKey(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasBytesKey);
  if (v === null || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  if (o.$tr === 'object' && Array.isArray(o.entries) && o.entries.some((e) => Array.isArray(e) && (e[0] as { $tr?: unknown })?.$tr === 'bytes')) return true;
  return Object.values(o).some(hasBytesKey);
}

/** A `bytes` tag anywhere in `v`. */
const hasBytesTag = (v: unknown): boolean => JSON.stringify(v ?? null).includes('"$tr":"bytes"');

/**
 * Where a UTF-16 implementation reads a bytes form's octets otherwise than a byte-string one: a
 * `bytes` key (decoded at the door, so colliding keys merge) and a `bytes` tag in the exposure policy
 * (coerced to a well-formed pointer, where a byte-string implementation refuses ill-formed octets).
 */
const readsOctetsOtherwise = (input: Record<string, unknown>): boolean => hasBytesKey(input) || hasBytesTag(input.exposure);

/** Runs one case; returns a failure text or undefined. */
function runCase(op: string, c: Pick<VectorCase, 'input' | 'expect'>): string | undefined {
  const handler = Object.hasOwn(handlers, op) ? handlers[op] : undefined;
  if (handler === undefined) return `no handler for op ${op}`;
  let output: Record<string, unknown> | undefined;
  let error: unknown;
  const callsBefore = getterCalls();
  try {
    output = handler(structuredClone(c.input), { logger: new CollectingLogger() });
  } catch (e) {
    error = e;
  }
  // No getter, toJSON, function or proxy trap of an opaque input may run (TR-BOUND-6).
  if (getterCalls() !== callsBefore) return `code held by an opaque input ran ${getterCalls() - callsBefore} time(s)`;
  if ('output' in c.expect) {
    if (error !== undefined) {
      const code = error instanceof OpError ? error.code : 'exception';
      return `want output ${show(c.expect.output)}\n  got error ${code}: ${error instanceof Error ? error.message : ''}`;
    }
    const diff = firstDifference(c.expect.output, output);
    return diff === undefined ? undefined : `${diff}\n  want ${show(c.expect.output)}\n  got  ${show(output)}`;
  }
  if (error === undefined) return `want error ${c.expect.error.code}\n  got output ${show(output)}`;
  if (!(error instanceof OpError)) return `want error ${c.expect.error.code}\n  got exception ${error instanceof Error ? error.name : typeof error}`;
  if (error.code !== c.expect.error.code) return `want error ${c.expect.error.code}\n  got error ${error.code}`;
  const quoted = (c.expect.error.messageExcludes ?? []).find((q) => error.message.includes(q));
  return quoted === undefined ? undefined : `error ${error.code} quotes ${JSON.stringify(quoted)}`;
}

const files = listVectorFiles(VECTORS);
const seen = new Set<string>();

describe('conformance vectors', () => {
  it('there are vector files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const path of files) {
    const rel = relative(VECTORS, path).split('\\').join('/');
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as VectorFile;
    const group = rel.split('/')[0]!;
    const stem = rel
      .split('/')
      .pop()!
      .replace(/\.json$/, '');

    describe(rel, () => {
      it('validates against vector-file.schema.json, inputs against tagged-value.schema.json', () => {
        expect(validateFile(parsed), ajv.errorsText(validateFile.errors)).toBe(true);
        for (const c of parsed.cases) {
          for (const input of [c.input, c.bytesModel?.input ?? {}]) {
            for (const [name, value] of Object.entries(input)) {
              expect(validateTagged(value), `${c.id}: input.${name}: ${ajv.errorsText(validateTagged.errors)}`).toBe(true);
            }
          }
        }
        expect(parsed.group, 'the folder names the group').toBe(group);
      });

      for (const c of parsed.cases ?? []) {
        const caseId = `vector/${group}/${stem}/${c.id}`;
        it(`${caseId} [${c.requirements.join(', ')}]`, () => {
          expect(seen.has(caseId), `duplicate case ID ${caseId}`).toBe(false);
          seen.add(caseId);
          const failure = runCase(parsed.op, c);
          if (failure !== undefined) {
            expect.fail(`${caseId}: ${c.description}\n  input ${show(c.input)}\n  ${failure}`);
          }
        });
        // TR-CONF-23: utf16-strings is needed exactly when the input holds an unpaired surrogate, and
        // such a case has a bytes form, so a byte-string adapter skips no vector.
        it(`TR-CONF-23: ${caseId}: needs utf16-strings exactly when a byte-string adapter cannot hold its input, and then has a bytes form`, () => {
          const lone = outsideStringModel(c.input, BYTES);
          expect(c.needs?.includes('utf16-strings') ?? false, `unpaired surrogate at ${lone ?? 'none'}`).toBe(lone !== undefined);
          expect(c.bytesModel !== undefined, 'a bytes form').toBe(lone !== undefined);
          if (c.bytesModel) expect(outsideStringModel(c.bytesModel.input, BYTES), 'the bytes form holds no unpaired surrogate').toBeUndefined();
        });
        // The reference reads a `bytes` tag with its octet coercion, as a byte-string implementation's
        // bounder does, so it answers a bytes form as one would, except where a `bytes` key is decoded
        // at the door (it merges keys a byte-string bounder sees collide, and makes a pointer of
        // ill-formed octets well-formed): those the PHP run judges.
        if (c.bytesModel && !readsOctetsOtherwise(c.bytesModel.input)) {
          const form = c.bytesModel;
          it(`${caseId} (bytes form) answered by the reference`, () => {
            const failure = runCase(parsed.op, form);
            if (failure !== undefined) expect.fail(`${caseId} (bytes form): ${form.description}\n  input ${show(form.input)}\n  ${failure}`);
          });
        }
      }
    });
  }
});
