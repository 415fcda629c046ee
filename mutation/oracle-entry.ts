// The kit's side of a mutation run, bundled (mutation/oracle.ts) from the unmutated sources before
// Stryker instruments them: the cases, and the reference the differential properties compare against
// (conformance/properties/reference.ts calls the reference's op handlers in process). Without the
// bundle a mutant would change the oracle along with the code under test and survive falsely.
export { vectorCases } from '../conformance/runner/vector-cases.ts';
export { allProperties } from '../conformance/properties/index.ts';
export { skipReason } from '../conformance/runner/run.ts';
export { DEFAULT_SEED, DEFAULT_TIMEOUT_MS } from '../conformance/runner/args.ts';
export { jsonText } from '../conformance/protocol/json-text.ts';
export { checkResponse, outputProblem } from '../conformance/protocol/messages.ts';
