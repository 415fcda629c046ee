// Answers without the required logs member.
import { serve } from './serve.mjs';
serve((req) => process.stdout.write(`${JSON.stringify({ id: req.id, ok: true, output: { text: 'a' } })}\n`));
