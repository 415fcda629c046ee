// Reading a call's structured value back typed (core/structured.ts): `structuredAs` checks it with a
// type guard or a Standard Schema (the Zod schema a tool declares) and types it by that check, and
// refuses a value that fails without quoting it; `seam.result<T>()` states a type unchecked; the
// wrapped tools declare what a program calling them itself needs. The types are checked by the
// compiler (npm run check:types) with `@ts-expect-error` on each line that must not compile; the
// run-time cases assert what the checks do with real values.
import type { ToolOutputCustomData } from '@openai/agents';
import type { Tool as AiSdkTool } from 'ai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as v from 'zod';
import { type AuditRecord, type BoundedToolResult, type JsonValue, ToolResult } from '../reference-impl/internal.ts';
import * as aiSdk from './ai-sdk/index.ts';
import { callThroughSeam } from './core/call.ts';
import { createSeam, StructuredTypeError, structuredAs, type StandardSchema, type TypedResult } from './core/index.ts';
import * as langchain from './langchain/index.ts';
import * as mastra from './mastra/index.ts';
import * as openaiAgents from './openai-agents/index.ts';

const Invoices = v.object({ invoices: v.array(v.object({ id: v.string(), amount: v.number() })) });
type Invoices = v.infer<typeof Invoices>;
const isInvoices = (x: unknown): x is Invoices => typeof x === 'object' && x !== null && Array.isArray((x as { invoices?: unknown }).invoices);

/** A seam holding one call whose structured value is `structured`. */
async function seamWith(structured: unknown) {
  const seam = createSeam();
  await callThroughSeam('call_1', () => ToolResult.text('Found it', { structured }), seam, { tool: 'invoices', arguments: {} });
  return seam;
}

const SECRET = 'RUNONLY-structured-4711';

describe('structuredAs', () => {
  it('types the value by the Zod schema and gives it when it matches', async () => {
    const seam = await seamWith({ invoices: [{ id: 'INV-1', amount: 500 }] });
    const got = structuredAs(await seam.result('call_1'), Invoices);
    expectTypeOf(got).toEqualTypeOf<Invoices | undefined>();
    expect(got?.invoices[0]?.amount).toBe(500);
  });

  it('types the value by a guard and gives it when the guard says yes', async () => {
    const seam = await seamWith({ invoices: [] });
    const got = structuredAs(await seam.result('call_1'), isInvoices);
    expectTypeOf(got).toEqualTypeOf<Invoices | undefined>();
    expect(got).toEqual({ invoices: [] });
  });

  it('a transforming schema gives its output, as its own parse does', async () => {
    const seam = await seamWith({ n: '41' });
    const got = structuredAs(await seam.result('call_1'), v.object({ n: v.string().transform((s) => Number(s) + 1) }));
    expectTypeOf(got).toEqualTypeOf<{ n: number } | undefined>();
    expect(got).toEqual({ n: 42 });
  });

  it.each([
    ['the schema', Invoices, 'the structured value does not match the schema (1 issue)', 1],
    ['the guard', isInvoices, 'the structured value does not pass the guard', 0],
  ] as const)('a value that fails %s throws StructuredTypeError, quoting nothing of it', async (_n, check, message, issues) => {
    const seam = await seamWith({ invoices: SECRET });
    const result = await seam.result('call_1');
    expect(() => structuredAs(result, check)).toThrow(StructuredTypeError);
    try {
      structuredAs(result, check);
    } catch (e) {
      expect((e as Error).message).toBe(message);
      expect((e as StructuredTypeError).issueCount).toBe(issues);
      expect(JSON.stringify(e) + String(e) + (e as Error).stack).not.toContain(SECRET);
    }
  });

  it('no result and no structured value give undefined without running the check', async () => {
    let ran = 0;
    const counting = (x: unknown): x is Invoices => (ran++, isInvoices(x));
    expect(structuredAs(undefined, counting)).toBeUndefined();
    const seam = createSeam();
    await callThroughSeam('call_2', () => ToolResult.text('nothing run-only'), seam, { tool: 'invoices', arguments: {} });
    expect(structuredAs(await seam.result('call_2'), counting)).toBeUndefined();
    expect(ran).toBe(0);
  });

  it('a schema that is a function too (as ArkType’s are) is read as a schema, not called as a guard', async () => {
    const seam = await seamWith({ a: 'not a number' });
    // Called, it answers its errors, an object: truthy, as a guard's yes would be.
    const arkLike = Object.assign((_v: unknown) => ({ errors: ['a must be a number'] }), {
      '~standard': { version: 1 as const, validate: (_v: unknown) => ({ issues: [{ message: 'a must be a number' }] }) },
    });
    const result = await seam.result('call_1');
    expect(() => structuredAs(result, arkLike as unknown as StandardSchema<{ a: number }>)).toThrow('the structured value does not match the schema (1 issue)');
  });

  it('refuses an asynchronous schema and a check that is neither a guard nor a schema', async () => {
    const seam = await seamWith({ a: 1 });
    const result = await seam.result('call_1');
    const asyncSchema: StandardSchema<{ a: number }> = {
      '~standard': { version: 1, validate: async (value) => ({ value: value as { a: number } }) },
    };
    expect(() => structuredAs(result, asyncSchema)).toThrow(/synchronously/);
    expect(() => structuredAs(result, {} as never)).toThrow(/type guard or a Standard Schema/);
  });

  it('is the same function from every integration subpath', () => {
    for (const m of [aiSdk, langchain, mastra, openaiAgents]) {
      expect(m.structuredAs).toBe(structuredAs);
      expect(m.StructuredTypeError).toBe(StructuredTypeError);
    }
  });
});

describe('seam.result<T>()', () => {
  it('states the structured type; without one it is the JSON value of a BoundedToolResult', async () => {
    const seam = await seamWith({ invoices: [{ id: 'INV-1', amount: 500 }] });
    const typed = await seam.result<Invoices>('call_1');
    expectTypeOf(typed).toEqualTypeOf<TypedResult<Invoices> | undefined>();
    expectTypeOf(typed!.structured).toEqualTypeOf<Invoices | undefined>();
    expect(typed?.structured?.invoices[0]?.id).toBe('INV-1');
    const plain = await seam.result('call_1');
    expectTypeOf(plain).toEqualTypeOf<BoundedToolResult | undefined>();
    expectTypeOf(plain!.structured).toEqualTypeOf<JsonValue | undefined>();
    // @ts-expect-error the JSON value is not an Invoices until it is checked or stated
    const notYet: Invoices | undefined = plain?.structured;
    expect(notYet).toBeDefined();
    // @ts-expect-error the stated type is kept: its id is a string
    const wrong: number | undefined = typed?.structured?.invoices[0]?.id;
    expect(wrong).toBe('INV-1');
    // Type-only (never called: the value would fail the schema): the schema gives the type.
    const typeOnly = (r: BoundedToolResult | undefined) => {
      // @ts-expect-error a schema of other members does not give an Invoices
      const other: Invoices | undefined = structuredAs(r, v.object({ total: v.number() }));
      return other;
    };
    expect(typeof typeOnly).toBe('function');
  });
});

describe('the wrapped tools declare what a program calling them needs', () => {
  // Each check calls the tool as the README does: a wrapped member is an overload of the stack's, so
  // what counts is the signature a call picks, not ReturnType (which reads the last overload).
  const toolCall = { type: 'function_call', callId: 'call_1', name: 'invoices', arguments: '{}' };

  it('AI SDK: an MCP tool’s execute is present, takes the options a program has and resolves to the audit record', () => {
    type McpTool = AiSdkTool<unknown, unknown> & { execute: (input: unknown) => unknown };
    type Wrapped = aiSdk.WrappedTools<{ invoices: McpTool; plain: AiSdkTool<{ q: string }, unknown> }>;
    const run = async (t: Wrapped['invoices']) => {
      const output = await t.execute({}, { toolCallId: 'call_1', messages: [] });
      expectTypeOf(output).toEqualTypeOf<AuditRecord>();
      expectTypeOf(await t.toModelOutput({ toolCallId: 'call_1', input: {}, output })).toEqualTypeOf<aiSdk.ModelOutput>();
      // @ts-expect-error the output is the audit record, not a ToolResult
      const wrong: { content: string } = output;
      return wrong;
    };
    // A tool whose type leaves execute optional (a provider-executed one is handed back as it is) keeps it optional.
    const plain = (t: Wrapped['plain']) => {
      // @ts-expect-error possibly undefined
      return t.execute({ q: 'x' }, { toolCallId: 'call_1' });
    };
    expect([typeof run, typeof plain]).toEqual(['function', 'function']);
  });

  it('Mastra: execute is present, takes the agent’s call ID alone and resolves to the audit record', () => {
    const run = async (t: mastra.SeamTool) => {
      const output = await t.execute({}, { agent: { toolCallId: 'call_1' } });
      expectTypeOf(output).toEqualTypeOf<AuditRecord>();
      expectTypeOf(t.toModelOutput(output)).toEqualTypeOf<mastra.ModelOutput>();
      // @ts-expect-error the call ID is a string
      await t.execute({}, { agent: { toolCallId: 1 } });
    };
    expect(typeof run).toBe('function');
  });

  it('OpenAI Agents: invoke takes a tool call whose type is any string; customDataExtractor is present', () => {
    const run = async (t: openaiAgents.SeamFunctionTool, context: Parameters<openaiAgents.SeamFunctionTool['invoke']>[0]) => {
      const output = await t.invoke(context, '{}', { toolCall });
      expectTypeOf(output).toEqualTypeOf<string>();
      expectTypeOf(t.customDataExtractor({ toolCall, output })).toEqualTypeOf<ToolOutputCustomData | undefined>();
      // @ts-expect-error a tool call names its call ID
      await t.invoke(context, '{}', { toolCall: { type: 'function_call' } });
    };
    expect(typeof run).toBe('function');
  });
});
