// Starts an answer and never ends the line.
import { serve } from './serve.mjs';
const chunk = 'x'.repeat(64 * 1024);
serve(() => {
  const more = () => {
    if (process.stdout.write(chunk)) setImmediate(more);
    else process.stdout.once('drain', more);
  };
  more();
});
