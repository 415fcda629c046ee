// Answers every op with adapter.exception, as an adapter does whose decoder meets a tag it lacks.
import { serve } from './serve.mjs';
serve((req) => {
  process.stderr.write(`exception adapter: cannot decode the input of ${req.op}\n`);
  process.stdout.write(
    `${JSON.stringify({ id: req.id, ok: false, error: { code: 'adapter.exception', message: `unexpected exception in op ${req.op}` }, logs: [] })}\n`,
  );
});
