// Answers with someone else's id.
import { serve } from './serve.mjs';
serve((req) => process.stdout.write(`${JSON.stringify({ id: req.id + 1000, ok: true, output: { text: 'a' }, logs: [] })}\n`));
