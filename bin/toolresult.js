#!/usr/bin/env node
// `toolresult conformance [options] [-- COMMAND ARGS...]`, `toolresult vectors --out DIR`,
// `toolresult report <report.json> --html FILE` and `toolresult generate --lang L --out DIR`.
// The kit is TypeScript run without a build step: register tsx, then hand over to the CLI.
import { register } from 'tsx/esm/api';

register();
const argv = process.argv.slice(2);
if (argv[0] === 'report') {
  const { main } = await import('../conformance/report-viewer/cli.ts');
  process.exitCode = await main(argv.slice(1));
} else if (argv[0] === 'generate') {
  const { main } = await import('../codegen/cli.ts');
  process.exitCode = await main(argv.slice(1));
} else {
  const { main } = await import('../conformance/runner/cli.ts');
  await main(argv);
}
