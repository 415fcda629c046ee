// Dies on the first real request.
import { serve } from './serve.mjs';
serve(() => {
  process.stderr.write('boom: simulated crash\n');
  process.exit(3);
});
