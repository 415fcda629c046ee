// Type-level tests of the public wrappers: what each integration returns is what its stack takes,
// and what it takes is what its stack hands out, checked by the compiler (npm run check:types) against
// the pinned stack versions, with no cast in the wrappers to switch the check off. A stack whose
// types drift fails here, at compile time, instead of at a user's call. The runtime body only
// asserts that the wrappers exist; the types are the test.
import type { Agent as MastraAgent } from '@mastra/core/agent';
import type { MCPClient } from '@mastra/mcp';
import type { Agent as OpenAIAgent, MCPServer, Tool as OpenAITool } from '@openai/agents';
import type { StructuredToolInterface } from '@langchain/core/tools';
import type { loadMcpTools as adapterLoadMcpTools } from '@langchain/mcp-adapters';
import type { Tool as AiSdkTool } from 'ai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AuditRecord } from '../reference-impl/internal.ts';
import * as aiSdk from './ai-sdk/index.ts';
import * as langchain from './langchain/index.ts';
import * as mastra from './mastra/index.ts';
import * as openaiAgents from './openai-agents/index.ts';

describe('the wrappers are typed by their stacks', () => {
  it('LangChain: loadMcpTools takes the client @langchain/mcp-adapters takes and returns structured tools', () => {
    expectTypeOf<Parameters<typeof adapterLoadMcpTools>[1]>().toMatchTypeOf<Parameters<typeof langchain.loadMcpTools>[1]>();
    expectTypeOf<Awaited<ReturnType<typeof langchain.loadMcpTools>>[number]>().toMatchTypeOf<StructuredToolInterface>();
    expectTypeOf<ReturnType<typeof langchain.resultTool>>().toMatchTypeOf<StructuredToolInterface>();
    expect(typeof langchain.loadMcpTools).toBe('function');
  });

  it('Mastra: mcpTools takes an MCPClient and returns tools an Agent takes', () => {
    type AgentTools = NonNullable<ConstructorParameters<typeof MastraAgent>[0]['tools']>;
    expectTypeOf<Parameters<typeof mastra.mcpTools>[0]>().toEqualTypeOf<MCPClient>();
    expectTypeOf<Awaited<ReturnType<typeof mastra.mcpTools>>>().toMatchTypeOf<AgentTools>();
    expect(typeof mastra.resultTool).toBe('function');
  });

  it('OpenAI Agents: mcpTools takes an MCPServer and returns tools an Agent takes', () => {
    expectTypeOf<Parameters<typeof openaiAgents.mcpTools>[0]>().toEqualTypeOf<MCPServer>();
    expectTypeOf<openaiAgents.SeamFunctionTool>().toMatchTypeOf<OpenAITool>();
    expectTypeOf<ReturnType<typeof openaiAgents.resultTool>>().toMatchTypeOf<NonNullable<ConstructorParameters<typeof OpenAIAgent>[0]['tools']>[number]>();
    expect(typeof openaiAgents.mcpTools).toBe('function');
  });

  it('AI SDK: the wrapped tools keep their names and are tools whose output is the audit record', () => {
    type Given = { a: AiSdkTool<{ q: string }, unknown>; b: AiSdkTool<{ n: number }, unknown> };
    type Wrapped = aiSdk.WrappedTools<Given>;
    expectTypeOf<keyof Wrapped>().toEqualTypeOf<'a' | 'b'>();
    // biome-ignore lint/suspicious/noExplicitAny: only the output type is asserted
    expectTypeOf<Wrapped['a']>().toMatchTypeOf<AiSdkTool<any, AuditRecord, any>>();
    expect(typeof aiSdk.wrapMcpTools).toBe('function');
  });

  it('the checks are not vacuous: no wrapper type is any, and a wrong type is refused', () => {
    expectTypeOf<Awaited<ReturnType<typeof langchain.loadMcpTools>>>().not.toBeAny();
    expectTypeOf<Awaited<ReturnType<typeof mastra.mcpTools>>>().not.toBeAny();
    expectTypeOf<openaiAgents.SeamFunctionTool>().not.toBeAny();
    expectTypeOf<Parameters<typeof langchain.loadMcpTools>[1]>().not.toBeAny();
    // @ts-expect-error a plain object is not the MCP client loadMcpTools takes
    expectTypeOf<{ listTools(): Promise<{ tools: [] }> }>().toMatchTypeOf<Parameters<typeof langchain.loadMcpTools>[1]>();
    // @ts-expect-error a string is no Mastra MCPClient
    expectTypeOf<string>().toEqualTypeOf<Parameters<typeof mastra.mcpTools>[0]>();
    expect(Object.keys(langchain)).toContain('loadMcpTools');
  });
});
