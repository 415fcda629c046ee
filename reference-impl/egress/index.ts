// Egress: the provider wire.
export { toWireMessage } from './wire.ts';
export type { WireMessage } from './wire.ts';
export { expose, resolveExposure, EXPOSURE_SEPARATOR } from './exposure.ts';
export type { ExposurePolicy, ResolvedExposure } from './exposure.ts';
export { parsePointer, resolvePointer } from './json-pointer.ts';
