#!/usr/bin/env node
// `toolresult conformance [options] [-- COMMAND ARGS...]`, `toolresult vectors --out DIR` and
// `toolresult generate --lang L --out DIR`.
// The kit is TypeScript run without a build step: register tsx, then hand over to the CLI.
import { register } from 'tsx/esm/api';

register();
if (process.argv[2] === 'generate') process.exitCode = await (await import('../codegen/cli.ts')).main(process.argv.slice(3));
else await (await import('../conformance/runner/cli.ts')).main(process.argv.slice(2));
