// Claims the MCP normalizer and never answers a request: an implementation whose output-schema
// check has no work limit, stuck on the first case that needs one.
import { HELLO, serve } from './serve.mjs';
serve(() => {}, { ...HELLO, groups: ['normalize-mcp'] });
setInterval(() => {}, 1 << 30);
