// The live inspector event (spec/05-sinks.md): built from memory for administrators while a run is
// live, never persisted. It carries the whole bounded result, run-only channels included.
import type { ToolResult as ToolResultRecord } from '../../generated/model.ts';
import { sealedRecord, type BoundedToolResult } from '../tool-result.ts';
import { assertBounded } from './bounded-only.ts';

/** The live inspector's event: the bounded result's record, every channel. */
export interface LiveEvent {
  readonly kind: 'tool_result';
  readonly result: ToolResultRecord;
}

/** The event a live inspector is sent for a bounded result: every channel, run-only ones included, for a process the user trusts (spec §5.1). */
export function liveEvent(result: BoundedToolResult): LiveEvent {
  return { kind: 'tool_result', result: sealedRecord(assertBounded(result, 'liveEvent')) };
}
