// Throws on the first real request: Node.js prints the error, its stack and its version, and exits 1.
import { serve } from './serve.mjs';
serve(() => {
  throw new Error('boom: thrown from the adapter');
});
