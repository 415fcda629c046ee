// implementations/python/toolresult/generated_types.py: the Python implementation's types, from the
// same generator users run (`toolresult generate --lang python --module generated_types`).
// `--check` writes nothing and fails when the committed file differs.
import { runTarget } from './generated-files.ts';

process.exitCode = await runTarget('python', process.argv.includes('--check'));
