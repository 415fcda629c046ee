// Answers without an id.
import { serve } from './serve.mjs';
serve(() => process.stdout.write(`${JSON.stringify({ ok: true, output: { text: 'a' }, logs: [] })}\n`));
