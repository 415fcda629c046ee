#!/usr/bin/env node
// `toolresult conformance [options] [-- COMMAND ARGS...]` and `toolresult vectors --out DIR`.
// The kit is TypeScript run without a build step: register tsx, then hand over to the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../conformance/runner/cli.ts');
await main(process.argv.slice(2));
