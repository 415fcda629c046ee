// Shared loop of the misbehaving test adapters: answers hello properly, then hands every other
// request to `misbehave`, which decides how to get it wrong.
import { createInterface } from 'node:readline';

export const HELLO = {
  name: 'misbehaving',
  version: '0',
  language: 'javascript',
  protocol: 'toolresult-adapter/1',
  groups: ['bound'],
  stringModel: 'utf16',
  cycles: false,
  opaqueValues: false,
};

export function serve(misbehave, hello = HELLO) {
  const rl = createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    const req = JSON.parse(line);
    if (req.op === 'hello') return void process.stdout.write(`${JSON.stringify({ id: req.id, ok: true, output: hello, logs: [] })}\n`);
    if (req.op === 'stop') {
      process.stdout.write(`${JSON.stringify({ id: req.id, ok: true, output: {}, logs: [] })}\n`);
      return void process.exit(0);
    }
    misbehave(req);
  });
}
