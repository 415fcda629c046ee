// The bounding seam: the bounder and the pieces other modules and the conformance adapter use.
export { bound } from './bound.ts';
export { coerceOctets, coerceString } from './coerce-utf8.ts';
export { measureJson, MAX_DEPTH } from './measure.ts';
export type { Measurement, Verdict } from './measure.ts';
export { truncationNotice } from './cap-content.ts';
export { markerText } from './marker.ts';
export type { ArtifactFailure } from './marker.ts';
export { resolveOptions, DEFAULT_BUDGETS, MIN_BUDGET, MAX_BUDGET } from './options.ts';
export type { BoundOptions } from './options.ts';
