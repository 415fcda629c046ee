// Starts a child that inherits stdout and never exits (a daemon), says its pid on stderr, then
// serves normally. Without process groups the runner would wait for the child's end of the pipe.
import { spawn } from 'node:child_process';
import { serve } from './serve.mjs';
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: ['ignore', 'inherit', 'inherit'] });
process.stderr.write(`grandchild ${child.pid}\n`);
serve((req) => process.stdout.write(`${JSON.stringify({ id: req.id, ok: true, output: { value: 'a' }, logs: [] })}\n`));
