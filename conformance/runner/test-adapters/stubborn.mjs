// Never answers after the handshake and outlives the end of its input and SIGTERM: only SIGKILL
// stops it. Says its pid on stderr so a test can check it is gone.
import { serve } from './serve.mjs';
process.stderr.write(`stubborn adapter pid ${process.pid}\n`);
serve(() => {});
process.stdin.on('end', () => {});
process.on('SIGTERM', () => {});
setInterval(() => {}, 1 << 30);
