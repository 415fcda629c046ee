// schemas/bundle.json: every schema in one file with local references (codegen/bundle.ts).
// `--check` writes nothing and fails when the committed file differs.
import { runTarget } from './generated-files.ts';

process.exitCode = await runTarget('bundle', process.argv.includes('--check'));
