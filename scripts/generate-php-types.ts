// implementations/php/generated/: the PHP implementation's types, from the same generator users run
// (`toolresult generate --lang php --namespace 'ToolResult\Generated'`). `--check` writes nothing and
// fails when a committed file differs or one is left over from a schema that is gone.
import { runTarget } from './generated-files.ts';

process.exitCode = await runTarget('php', process.argv.includes('--check'));
