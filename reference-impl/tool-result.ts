// The two result values of the protocol (spec/02-data-model.md, spec/04-egress.md).
//
// ToolResult is what a tool returns: raw, unchecked, possibly hostile run-only data.
// BoundedToolResult is what the bounder returns: the only thing the wire, sink and ledger functions
// accept. In both, run-only data lives in private fields, so no implicit conversion — String(r), a
// template literal, JSON.stringify(r), console.log(r), util.inspect(r) — can show it (TR-EGRESS-1).
import { types } from 'node:util';
import type { JsonValue, ToolArtifact, ToolResult as ToolResultRecord, Warning, WarningCode } from '../generated/model.ts';

export type { JsonValue, ToolArtifact, ToolResultRecord, Warning, WarningCode };

// util.inspect.custom is this registered symbol. Naming it here, not importing it from node:util,
// keeps the published declarations free of Node's types (@types/node is not a consumer's need).
const INSPECT: unique symbol = Symbol.for('nodejs.util.inspect.custom');

/** Options of ToolResult.text. */
export interface TextOptions {
  /** Run-only machine-readable value: any JSON value. `undefined` means none. */
  readonly structured?: unknown;
  /** Run-only display artifacts: a list of `{type, label, data}`. */
  readonly artifacts?: unknown;
  /** Warnings already known (a normalizer's). Codes only: a warning never carries data. */
  readonly warnings?: readonly WarningCode[];
}

/** Options of ToolResult.error: an error never carries artifacts (TR-MODEL-2). */
export interface ErrorOptions {
  readonly structured?: unknown;
  readonly warnings?: readonly WarningCode[];
}

/** The run-only channels of a raw result, as only the bounder reads them. */
export interface RawRunOnly {
  readonly hasStructured: boolean;
  readonly structured: unknown;
  readonly hasArtifacts: boolean;
  readonly artifacts: unknown;
  /** An untyped caller handed artifacts to the error constructor; they were not kept. */
  readonly artifactsDroppedOnError: boolean;
  readonly warnings: readonly WarningCode[];
}

const rawChannels = new WeakMap<ToolResult, RawRunOnly>();

/** Items of a raw artifact list without running its code: a proxy (even a revoked one) counts 0. */
function rawArtifactCount(v: unknown): number {
  return !types.isProxy(v) && Array.isArray(v) ? v.length : 0;
}

function summary(kind: string, content: string, isError: boolean, hasStructured: boolean, artifacts: string): string {
  return `${kind} { isError: ${isError}, content: ${content.length} chars, structured: ${hasStructured ? 'present (run-only, hidden)' : 'absent'}, artifacts: ${artifacts} }`;
}

/**
 * A tool's return value. Created only through ToolResult.text() and ToolResult.error().
 * `content` is the single provider-facing string; everything else is run-only.
 */
export class ToolResult {
  /** The provider-facing text, as the tool gave it (not yet bounded). */
  readonly content: string;
  readonly isError: boolean;

  private constructor(content: string, isError: boolean, raw: RawRunOnly) {
    this.content = content;
    this.isError = isError;
    rawChannels.set(this, raw);
    Object.freeze(this);
  }

  /** A successful result: provider-facing text plus optional run-only data. */
  static text(content: string, options: TextOptions = {}): ToolResult {
    const o = options ?? {};
    return new ToolResult(content, false, {
      hasStructured: o.structured !== undefined,
      structured: o.structured,
      hasArtifacts: o.artifacts !== undefined,
      artifacts: o.artifacts,
      artifactsDroppedOnError: false,
      warnings: [...(o.warnings ?? [])],
    });
  }

  /**
   * A failed result. It carries no artifacts (TR-MODEL-2); an untyped caller that passes some anyway
   * has them dropped here, before they are stored, and the bounder records `artifacts.dropped_on_error`.
   * It may carry structured data a server reported with its error (TR-MODEL-3).
   */
  static error(content: string, options: ErrorOptions = {}): ToolResult {
    const o = (options ?? {}) as ErrorOptions & { artifacts?: unknown };
    const given = o.artifacts;
    return new ToolResult(content, true, {
      hasStructured: o.structured !== undefined,
      structured: o.structured,
      hasArtifacts: false,
      artifacts: undefined,
      artifactsDroppedOnError: given !== undefined && !(!types.isProxy(given) && Array.isArray(given) && given.length === 0),
      warnings: [...(o.warnings ?? [])],
    });
  }

  get hasStructured(): boolean {
    return rawChannels.get(this)!.hasStructured;
  }

  get [Symbol.toStringTag](): string {
    return 'ToolResult';
  }

  /** No data: a ToolResult is not a string, and `${result}` must not become one (TR-EGRESS-1). */
  toString(): string {
    return '[ToolResult]';
  }

  /** JSON.stringify(result) shows the shape, never run-only bytes. */
  toJSON(): Record<string, unknown> {
    const raw = rawChannels.get(this)!;
    return {
      isError: this.isError,
      contentLength: this.content?.length ?? 0,
      hasStructured: raw.hasStructured,
      artifactCount: rawArtifactCount(raw.artifacts),
    };
  }

  [INSPECT](): string {
    const raw = rawChannels.get(this)!;
    const n = rawArtifactCount(raw.artifacts);
    return summary('ToolResult', String(this.content ?? ''), this.isError, raw.hasStructured, `${n} (run-only, hidden)`);
  }
}

/** For the bounder only (not exported from the package root): the raw run-only channels. */
export function readRawRunOnly(result: unknown): RawRunOnly | undefined {
  // WeakMap lookups are the brand checks of this module: unlike `instanceof` or a property read they
  // run no code of the value, whatever its prototype chain holds (a proxy at any depth included).
  return rawChannels.get(result as ToolResult);
}

/** A ToolResult made by ToolResult.text/error; runs no code of `v` (TR-BOUND-0). */
export function isToolResult(v: unknown): v is ToolResult {
  return rawChannels.has(v as ToolResult);
}

interface BoundedFields {
  readonly content: string;
  readonly isError: boolean;
  readonly structured?: JsonValue;
  readonly hasStructured: boolean;
  readonly artifacts: readonly ToolArtifact[];
  readonly warnings: readonly Warning[];
}

const boundedChannels = new WeakMap<BoundedToolResult, BoundedFields>();
const frozenOnce = new WeakSet<BoundedFields>();
const SEAL = Symbol('toolresult.seal');

function freezeOnce(f: BoundedFields): void {
  if (!frozenOnce.has(f)) {
    deepFreeze(f.structured);
    deepFreeze(f.artifacts);
    frozenOnce.add(f);
  }
}

function deepFreeze(value: unknown): void {
  // Iterative: bounded values are at most 64 levels deep, but a walk that cannot overflow costs nothing.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
      Object.freeze(v);
      for (const child of Object.values(v)) stack.push(child);
    }
  }
}

/**
 * A result that went through the bounder: well-formed, within budget, fail-closed. Made only by
 * `bound` (and by the ledger's `restore`, which checks an entry as strictly). Immutable.
 */
export class BoundedToolResult {
  readonly content: string;
  readonly isError: boolean;

  /** @internal Use bound(). */
  constructor(seal: symbol, fields: BoundedFields) {
    if (seal !== SEAL) throw new TypeError('BoundedToolResult is made only by bound()');
    this.content = fields.content;
    this.isError = fields.isError;
    // The run-only values are fresh copies nobody else holds (sealBounded's contract), so they are
    // frozen lazily, the first time a getter hands them out: bound() stays cheap for the results
    // whose run-only data is never read (`npm run bench`, (b)), and no caller ever sees them mutable.
    deepFreeze(fields.warnings);
    boundedChannels.set(this, { ...fields });
    Object.freeze(this);
  }

  /** The channels, with structured and artifacts deeply frozen before they first leave. */
  #frozenChannels(): BoundedFields {
    const f = boundedChannels.get(this)!;
    freezeOnce(f);
    return f;
  }

  get hasStructured(): boolean {
    return boundedChannels.get(this)!.hasStructured;
  }

  /** Run-only: the bounded structured value, or undefined. Never send it to the provider. */
  get structured(): JsonValue | undefined {
    return this.#frozenChannels().structured;
  }

  /** Run-only: the bounded artifact list (possibly the omission marker). */
  get artifacts(): readonly ToolArtifact[] {
    return this.#frozenChannels().artifacts;
  }

  get warnings(): readonly Warning[] {
    return boundedChannels.get(this)!.warnings;
  }

  /**
   * The whole result as a plain JSON record (tool-result.schema.json), run-only channels included.
   * An explicit call for the sinks that may hold them: the ledger, the live stream, a full audit record.
   */
  toRecord(): ToolResultRecord {
    return sealedRecord(boundedChannels.get(this)! as SealedView);
  }

  get [Symbol.toStringTag](): string {
    return 'BoundedToolResult';
  }

  toString(): string {
    return '[BoundedToolResult]';
  }

  toJSON(): Record<string, unknown> {
    const f = boundedChannels.get(this)!;
    return {
      isError: f.isError,
      contentOctets: Buffer.byteLength(f.content, 'utf8'),
      hasStructured: f.hasStructured,
      artifactCount: f.artifacts.length,
      warnings: f.warnings.map((w) => w.code),
    };
  }

  [INSPECT](): string {
    const f = boundedChannels.get(this)!;
    return summary('BoundedToolResult', f.content, f.isError, f.hasStructured, `${f.artifacts.length} (run-only, hidden)`);
  }
}

/** A BoundedToolResult made by bound() or restore(); a proxy of one or a forged instance is not. */
export function isBoundedToolResult(v: unknown): v is BoundedToolResult {
  return boundedChannels.has(v as BoundedToolResult);
}

/** The sealed fields of a genuine bounded result, run-only values frozen (TR-SINK-6). */
export interface SealedView {
  readonly content: string;
  readonly isError: boolean;
  readonly hasStructured: boolean;
  readonly structured: JsonValue | undefined;
  readonly artifacts: readonly ToolArtifact[];
  readonly warnings: readonly Warning[];
}

/**
 * For the sinks, the wire, the ledger and the hooks: the fields sealed inside a genuine bounded
 * result, read from the seal and not from the object, so that nothing the caller wraps around it (a
 * proxy, a subclass, a polluted prototype getter) can change what a sink sees. Undefined otherwise.
 */
export function sealedView(v: unknown): SealedView | undefined {
  const f = boundedChannels.get(v as BoundedToolResult);
  if (f === undefined) return undefined;
  freezeOnce(f);
  return f as SealedView;
}

/** The whole record of sealed fields (tool-result.schema.json), fresh. */
export function sealedRecord(f: SealedView): ToolResultRecord {
  const record: ToolResultRecord = {
    content: f.content,
    isError: f.isError,
    artifacts: structuredClone(f.artifacts) as ToolArtifact[],
    warnings: f.warnings.map((w) => ({ code: w.code })),
  };
  if (f.hasStructured) record.structured = structuredClone(f.structured) as JsonValue;
  return record;
}

/**
 * For bound() and expose() only: seal checked fields into a BoundedToolResult. The structured value and the
 * artifact list must be fresh copies that the caller does not keep (they are frozen lazily).
 */
export function sealBounded(fields: BoundedFields): BoundedToolResult {
  return new BoundedToolResult(SEAL, fields);
}
