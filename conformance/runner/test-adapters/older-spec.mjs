// Claims normalize-langchain, names the spec version given as its argument in its handshake
// (TR-CONF-3's specVersion), and answers every other op with adapter.exception: every case fails, so
// the kit's report shows which failures are of requirements changed since that version (TR-CONF-24).
import { HELLO, serve } from './serve.mjs';
serve(
  (req) =>
    process.stdout.write(
      `${JSON.stringify({ id: req.id, ok: false, error: { code: 'adapter.exception', message: `unexpected exception in op ${req.op}` }, logs: [] })}\n`,
    ),
  { ...HELLO, groups: ['normalize-langchain'], specVersion: process.argv[2] },
);
