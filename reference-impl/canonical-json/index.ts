// RFC 8785 canonical JSON: the serialization of the replay ledger (spec/07-replay.md).
export { canonicalize, compareCodeUnits, hasLoneSurrogate } from './serialize.ts';
export { parseStrict, JsonSyntaxError } from './parse.ts';
export type { ParseOptions } from './parse.ts';
