// Claims the bound group but implements none of its ops: every op is adapter.unknown_op.
import { serve } from './serve.mjs';
serve((req) => {
  process.stdout.write(`${JSON.stringify({ id: req.id, ok: false, error: { code: 'adapter.unknown_op', message: 'unknown op' }, logs: [] })}\n`);
});
