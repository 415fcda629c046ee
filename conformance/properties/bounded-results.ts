// Test support shared by the sink, privacy, ledger and hook tests: bounded results built from the
// conformance kit's generators (so the same adversarial inputs the kit sends reach these modules),
// and the schema validators of the sink outputs.
import type fc from 'fast-check';
import { boundFromInput } from '../../reference-adapter/ops/bound.ts';
import { boundInput, plantedInput } from './arbitraries.ts';
import type { Caps } from './define.ts';
import { loadSchemas } from '../../codegen/schema-validator.ts';
import type { BoundedToolResult } from '../../reference-impl/internal.ts';

const CAPS: Caps = { utf16: true, cycles: true, opaque: true };

/** Any bounded result (with the budgets it was bounded with). */
export const boundedResult = (): fc.Arbitrary<{ result: BoundedToolResult; options: unknown }> =>
  boundInput(CAPS).map((input) => ({ result: boundFromInput(input), options: input.options }));

/** A bounded result whose structured data and artifacts hold a canary (content never does). */
export const plantedResult = (): fc.Arbitrary<{ canary: string; result: BoundedToolResult; options: unknown }> =>
  plantedInput(CAPS).map(({ canary, input }) => ({ canary, result: boundFromInput(input), options: input.options }));

const ajv = loadSchemas();
const ID = 'https://toolresult.dev/schemas/v1/';

/** Throws with Ajv's errors when the value does not validate against the named model schema. */
export function assertSchema(stem: string, value: unknown): void {
  const validate = ajv.getSchema(`${ID}${stem}.schema.json`);
  if (validate === undefined) throw new Error(`no schema ${stem}`);
  if (!validate(value)) throw new Error(`${stem}: ${ajv.errorsText(validate.errors)}`);
}
