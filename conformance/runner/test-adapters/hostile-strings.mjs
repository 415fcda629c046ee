// Tries to take over the runner's terminal: escape sequences in its hello (window title, clear
// screen, cursor home), on stderr and in a line that is not JSON.
import { HELLO, serve } from './serve.mjs';
process.stderr.write('\x1b]0;pwned\x07\x1b[2J stderr says hi\n');
serve(() => process.stdout.write('\x1b[2J\x1b[H\x9b31m not json\n'), {
  ...HELLO,
  name: '\x1b]0;pwned\x07evil',
  version: '\x1b[2J1.0',
  language: '\x1b[Hjs\u202e',
});
