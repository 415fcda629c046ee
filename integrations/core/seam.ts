// The seam object of the stack integrations (spec/11-stacks.md §11.7): the checked options of one
// protected agent, the privacy level of what the stack's own objects keep, and the one accessor of a
// call's whole result. The stack (its messages, run items, checkpoints, spans, memory) only ever gets
// the audit record at `privacy` (spec/06-privacy.md), because whatever it holds it may persist or
// export; the bounded result, run-only channels included, stays in the seam's ledger, and the program
// reads it with `result(callId)`.
import {
  auditRecord,
  isPrivacyLevel,
  restore,
  type AuditRecord,
  type BoundedToolResult,
  type JsonValue,
  type PrivacyLevel,
} from '../../reference-impl/internal.ts';
import { callKey, checkScope, type CallAt, type CallKey } from './call-key.ts';
import { seamOptions, type IntegrationOptions, type WrapOptions } from './options.ts';
import type { TypedResult } from './structured.ts';

export type { CallAt } from './call-key.ts';

/** The options of a seam: the integration options (the seam's own, `deadlineMs`, `privacy`, `scope`). */
export type SeamConfig = IntegrationOptions;

/** What a ledger has when the seam can read a call's entry back (every ledger of the package does). */
interface ReadableLedger {
  entry(callId: string, at?: { scope: string; fingerprint: string }): unknown;
}

/** How many call IDs a seam remembers the key of. */
const REMEMBERED_CALLS = 10_000;

const readable = (ledger: unknown): ledger is ReadableLedger => typeof (ledger as { entry?: unknown }).entry === 'function';

/**
 * One protected agent's seam: give it to every integration in place of plain options. Its ledger is
 * where the program reads each call's result; the stack keeps only `record(result)`.
 */
export class ToolResultSeam {
  /** The checked options every call of this seam runs with. */
  readonly options: WrapOptions;
  /** The level of the audit record the stack's objects keep. */
  readonly privacy: PrivacyLevel;
  /** The scope of a call whose stack gives none. */
  readonly scope: string;
  /** The key each call ID was last called under in this process, so `result(callId)` finds it without `at`. */
  readonly #lastKey = new Map<string, CallKey>();

  constructor(config?: SeamConfig) {
    this.options = seamOptions(config);
    const privacy = config?.privacy ?? 'metadata';
    if (!isPrivacyLevel(privacy)) throw new RangeError('privacy must be one of none, metadata, redacted, full');
    this.privacy = privacy;
    const scope = config?.scope ?? '';
    checkScope(scope);
    this.scope = scope;
  }

  /** What the stack's objects keep of a result: its audit record at this seam's level. */
  record(result: BoundedToolResult): AuditRecord {
    return auditRecord(result, [this.privacy]);
  }

  /** Notes the key a call ran under (call.ts), for `result(callId)` without `at`. */
  noteCall(callId: string, key: CallKey): void {
    this.#lastKey.delete(callId);
    this.#lastKey.set(callId, key);
    // Bounded: a long-lived seam forgets its oldest calls (the program then passes `at`).
    if (this.#lastKey.size > REMEMBERED_CALLS) this.#lastKey.delete(this.#lastKey.keys().next().value!);
  }

  /**
   * The whole bounded result of a call (structured value, artifacts, warnings), read from the ledger
   * and restored under this seam's budgets; undefined while the call is unknown or still running.
   * `at` names the call's scope, tool and arguments as the integration passed them; without it, the
   * key this seam last called `callId` under in this process, else the default scope with no tool
   * (the key of a call made before the ledger's key held a scope). Rejects with a LedgerError when
   * the stored entry is unreadable, and with a TypeError when the ledger cannot be read back (a
   * ReplayLedger with claim() only).
   *
   * `S` types the structured value as the program knows it (an MCP tool's outputSchema is JSON Schema
   * at run time, so the type is the program's claim, unchecked); default JsonValue. To check it
   * instead, read with `structuredAs(result, guardOrSchema)`.
   */
  async result<S = JsonValue>(callId: string, at?: CallAt): Promise<TypedResult<S> | undefined> {
    if (typeof callId !== 'string' || callId === '') throw new TypeError('result() needs the call ID the stack gave the call');
    const ledger = this.options.ledger;
    if (!readable(ledger)) throw new TypeError("this seam's ledger has no entry(): it cannot read a call's result back");
    const key = at !== undefined ? callKey(at.scope ?? this.scope, at.tool, at.arguments) : (this.#lastKey.get(callId) ?? callKey('', undefined, undefined));
    const entry = await ledger.entry(callId, { scope: key.scope, fingerprint: key.fingerprint });
    if (entry === undefined) return undefined;
    // A typed view of the same object: only the declared type of `structured` differs (TypedResult).
    return restore(entry as Parameters<typeof restore>[0], this.options.bound) as TypedResult<S>;
  }
}

/** A seam from options, checked now: a bad policy, budget, deadline or level throws a RangeError, a bad scope a TypeError. */
export function createSeam(config?: SeamConfig): ToolResultSeam {
  return new ToolResultSeam(config);
}

/** The seam an integration runs with: the one given, or one made of plain options. */
export function seamOf(given: ToolResultSeam | SeamConfig | undefined): ToolResultSeam {
  return given instanceof ToolResultSeam ? given : new ToolResultSeam(given);
}
