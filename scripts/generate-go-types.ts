// implementations/go/generated/: the Go implementation's types, from the same generator users run
// (`toolresult generate --lang go --package generated`). `--check` writes nothing and fails when the
// committed file differs or one is left over from a schema that is gone.
import { runTarget } from './generated-files.ts';

process.exitCode = await runTarget('go', process.argv.includes('--check'));
