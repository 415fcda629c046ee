// The native values an opaque tag may name, read from the tagged-value schema, their one source:
// the kit's generators draw from this list and the reference adapter's tests walk it.
import taggedValueSchema from '../../schemas/conformance/tagged-value.schema.json' with { type: 'json' };
import type { OpaqueTag } from '../../generated/conformance.ts';

export const OPAQUE_KINDS: readonly OpaqueTag['kind'][] = taggedValueSchema.$defs.OpaqueTag.properties.kind.enum as OpaqueTag['kind'][];
