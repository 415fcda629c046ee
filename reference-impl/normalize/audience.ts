// MCP annotations.audience (TR-NORM-17): a block is for the model unless its annotations name an
// audience list that does not contain "assistant". Only a real array counts; anything else is no
// statement, and the block stays model-facing.
import { field, isPlainArray, items } from './read-plain.ts';

export function isModelFacing(block: unknown): boolean {
  const audience = field(field(block, 'annotations'), 'audience');
  if (!isPlainArray(audience)) return true;
  return items(audience).includes('assistant');
}
