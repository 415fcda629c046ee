// Answers requests with the wrong shape and never exits, not even on stop.
import { createInterface } from 'node:readline';
import { HELLO } from './serve.mjs';
createInterface({ input: process.stdin }).on('line', (line) => {
  const req = JSON.parse(line);
  const output = req.op === 'hello' ? HELLO : {};
  process.stdout.write(`${JSON.stringify({ id: req.id, ok: true, output, logs: [] })}\n`);
});
process.stdin.on('end', () => {});
setInterval(() => {}, 1 << 30);
