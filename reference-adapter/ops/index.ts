// The registry of in-process op handlers: a plain merge of each group's file. Add a group with one
// import and one spread.
import { boundOps } from './bound.ts';
import { decodeOps } from './decode.ts';
import { egressOps } from './egress.ts';
import { hooksOps } from './hooks.ts';
import { ledgerOps } from './ledger.ts';
import { normalizeOps } from './normalize.ts';
import { sinksOps } from './sinks.ts';
import type { OpHandler } from './types.ts';

export const handlers: Readonly<Record<string, OpHandler>> = Object.freeze({
  ...decodeOps,
  ...boundOps,
  ...egressOps,
  ...sinksOps,
  ...ledgerOps,
  ...hooksOps,
  ...normalizeOps,
});
