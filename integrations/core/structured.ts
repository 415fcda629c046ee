// The structured value a program reads back from the seam, typed. The ledger holds JSON, so what
// `seam.result(callId)` gives is a JsonValue; a program knows more: an MCP tool's outputSchema (JSON
// Schema at run time, so its type is the program's to state: `seam.result<T>(callId)`), or a
// schema object the stack's tool carries (a Zod, Valibot or ArkType schema: the AI SDK's and
// Mastra's `outputSchema`, LangChain's `schema`), which `structuredAs` checks the value against and
// takes the type from. A value that fails the check is never handed out under the checked type.
import type { BoundedToolResult, JsonValue } from '../../reference-impl/internal.ts';

/**
 * A result read back from the seam with its structured value typed `S`. For `S` = JsonValue (the
 * default) it is the BoundedToolResult itself; for another `S` a view of it whose `structured` is
 * `S | undefined`: a type the program states, not one anything checked (use `structuredAs` for that).
 */
export type TypedResult<S = JsonValue> = [JsonValue] extends [S]
  ? BoundedToolResult
  : Omit<BoundedToolResult, 'structured'> & { readonly structured: S | undefined };

/** The synchronous outcome of a Standard Schema's validate (standardschema.dev, version 1). */
type StandardOutcome<T> = { readonly value: T; readonly issues?: undefined } | { readonly issues: readonly unknown[] };

/**
 * A schema object of the Standard Schema interface, which Zod (3.24+, 4), Valibot and ArkType
 * schemas implement: the schemas the stacks' tools declare. Its validate must answer synchronously.
 */
export interface StandardSchema<T> {
  readonly '~standard': {
    readonly version: 1;
    readonly validate: (value: unknown) => StandardOutcome<T> | Promise<StandardOutcome<T>>;
  };
}

/** A type guard: `(v: unknown) => v is T`. */
export type StructuredGuard<T> = (value: unknown) => value is T;

/** Thrown by `structuredAs` when the structured value is not what the check expects. Its message never quotes the value. */
export class StructuredTypeError extends TypeError {
  override readonly name = 'StructuredTypeError';
  /** How many issues the schema reported (0 for a guard, which says only no). */
  readonly issueCount: number;

  constructor(issueCount: number) {
    super(
      issueCount === 0
        ? 'the structured value does not pass the guard'
        : `the structured value does not match the schema (${issueCount} issue${issueCount === 1 ? '' : 's'})`,
    );
    this.issueCount = issueCount;
  }
}

/**
 * The structured value of a result read back from the seam, checked and typed by `check`: a type
 * guard, or a Standard Schema (the Zod schema a tool declares, for one), typed by what it accepts.
 * Undefined when there is no result (the call is unknown or still running) or it has no structured
 * value. Throws StructuredTypeError when the value fails the check (the message counts the schema's
 * issues and quotes nothing of the value, which is run-only), and a TypeError for a schema whose
 * validate answers asynchronously.
 *
 * A schema that transforms gives its output, as the schema's own parse does.
 */
export function structuredAs<T>(result: { readonly structured?: unknown } | undefined, check: StructuredGuard<T> | StandardSchema<T>): T | undefined {
  const value = result?.structured;
  if (value === undefined) return undefined;
  // The schema interface first: an ArkType schema is a function too, which returns its errors
  // (an object, so truthy) instead of a boolean.
  const standard = (check as Partial<StandardSchema<T>> | null)?.['~standard'];
  if (typeof standard?.validate !== 'function') {
    if (typeof check !== 'function') throw new TypeError('structuredAs needs a type guard or a Standard Schema (a Zod, Valibot or ArkType schema)');
    if ((check as StructuredGuard<T>)(value)) return value as T;
    throw new StructuredTypeError(0);
  }
  const outcome = standard.validate(value);
  if (outcome instanceof Promise) {
    // The rejection of a schema nobody awaits would go unhandled: it is observed and dropped.
    outcome.catch(() => {});
    throw new TypeError('structuredAs needs a schema that validates synchronously');
  }
  if (outcome.issues !== undefined) throw new StructuredTypeError(outcome.issues.length);
  return outcome.value;
}
