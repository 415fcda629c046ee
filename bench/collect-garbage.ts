// Garbage collection on demand for the benches, without starting Node with --expose-gc: the flag is
// set at run time and `gc` is taken from a fresh context, where V8 installs it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;

/** A full collection: the heap holds only what is reachable. */
export function fullGc(): void {
  gc();
}

/** A scavenge of the young generation: what the last timed code left behind is gone. */
export function minorGc(): void {
  gc({ type: 'minor' });
}
