// Egress: the provider wire.
export { toWireMessage } from './wire.ts';
export type { WireMessage } from './wire.ts';
