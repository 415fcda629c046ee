// The tool every suite worker runs, in any language: its result is a function of the call alone (its
// ID, and its scope, tool and arguments when the request names a tool), so entries from different
// processes, runs and languages can be compared byte for byte. A call ID whose code-unit sum is
// 0 mod 11 throws (TR-REPLAY-11), 0 mod 7 returns an error result (TR-REPLAY-10), anything else a
// success with every channel. Suite call IDs are ASCII.
import { ToolResult, type JsonValue } from '../reference-impl/index.ts';

/** The call as the request names it: with a tool, the result says which call it answers. */
export interface SuiteCall {
  readonly scope?: string;
  readonly tool?: string;
  readonly arguments?: Readonly<Record<string, JsonValue>>;
}

export function toolKind(callId: string): 'throws' | 'error' | 'success' {
  let sum = 0;
  for (let i = 0; i < callId.length; i++) sum += callId.charCodeAt(i);
  return sum % 11 === 0 ? 'throws' : sum % 7 === 0 ? 'error' : 'success';
}

export function suiteToolResult(callId: string, call: SuiteCall = {}): ToolResult {
  const kind = toolKind(callId);
  if (kind === 'throws') throw new Error(`tool failed for ${callId}`);
  // A replay of another call's entry then shows in the entry itself, not only in the execution log.
  const named = call.tool === undefined ? {} : { call: { scope: call.scope ?? '', tool: call.tool, arguments: call.arguments ?? {} } as JsonValue };
  if (kind === 'error') return ToolResult.error(`no record for ${callId}`, { structured: { callId, code: 404, ...named } });
  return ToolResult.text(`result of ${callId}${call.tool === undefined ? '' : ` by ${call.tool}`}: Müller \u2028 done`, {
    structured: { callId, n: [1, 0.5, 1e-7, -0], nested: { z: true, a: null }, ...named },
    artifacts: [{ type: 'text', label: 'Note', data: { text: `note for ${callId}` } }],
  });
}
