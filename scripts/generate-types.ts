// generated/: TypeScript types from schemas/ (codegen/, `toolresult generate --lang ts`).
// `--check` writes nothing and fails when the committed files differ.
import { runTarget } from './generated-files.ts';

process.exitCode = await runTarget('ts', process.argv.includes('--check'));
