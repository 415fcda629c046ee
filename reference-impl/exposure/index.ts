// Exposure policies (spec/12-exposure.md): what the model sees of structured. Kept apart from egress/,
// whose wire function reads content and isError only (TR-EGRESS-4).
export { expose, resolveExposure, EXPOSURE_SEPARATOR } from './expose.ts';
export type { ExposurePolicy, ResolvedExposure } from './expose.ts';
export { parsePointer, resolvePointer } from './json-pointer.ts';
