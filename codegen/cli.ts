// `toolresult generate --lang ts|python|go|php|rust|java|kotlin|csharp --out DIR [--package P] [--namespace N]
// [--module M] [--only model|all] [--check]`: types for a runtime, from the schemas shipped with the package.
// Exit status: 0 written (or current with --check), 1 out of date (--check) or not writable,
// 2 bad command line.
import { resolve } from 'node:path';
import { DEFAULTS, LANGUAGES, SELECTIONS, type GenerateOptions, type Language, type SchemaSelection, generate } from './generate.ts';
import { driftOf, writeFiles } from './output.ts';

const USAGE = `usage: toolresult generate --lang <${LANGUAGES.join('|')}> --out <dir> [options]

  --lang L          the language to generate
  --out DIR         the folder to write into (created if missing)
  --package NAME    Go, Java, Kotlin: the package name (default ${DEFAULTS.package}); Java: one
                    file per type under the package's folder
  --namespace NS    PHP: the namespace (default ${DEFAULTS.namespace}); one file per class, PSR-4;
                    C#: the namespace (default ${DEFAULTS.csharpNamespace})
  --module NAME     Python: the module name (default ${DEFAULTS.pythonModule}); Rust: the module name (default ${DEFAULTS.rustModule})
  --only WHAT       model: the data model only (the tool result, its parts, the audit record, the
                    ledger entry), for a runtime; all (default): also the kit's formats, for an adapter
  --check           write nothing; exit 1 when the files in DIR differ from what would be written
`;

/** Which option belongs to which languages, so a misplaced one is an error rather than ignored. */
const OPTION_LANGS: Record<string, Language[]> = { '--package': ['go', 'java', 'kotlin'], '--namespace': ['php', 'csharp'], '--module': ['python', 'rust'] };

class UsageError extends Error {}

function parse(argv: string[]): (GenerateOptions & { out: string; check: boolean }) | 'help' {
  const values: Record<string, string> = {};
  let check = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--check') {
      check = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (!['--lang', '--out', '--only', ...Object.keys(OPTION_LANGS)].includes(name)) throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) throw new UsageError(`${name} needs a value`);
    if (name in values) throw new UsageError(`${name} given twice`);
    values[name] = value;
  }
  const lang = values['--lang'];
  if (lang === undefined) throw new UsageError('--lang is required');
  if (!(LANGUAGES as readonly string[]).includes(lang)) throw new UsageError(`--lang ${JSON.stringify(lang)} is not one of ${LANGUAGES.join(', ')}`);
  if (values['--out'] === undefined) throw new UsageError('--out is required');
  const only = values['--only'];
  if (only !== undefined && !(SELECTIONS as readonly string[]).includes(only))
    throw new UsageError(`--only ${JSON.stringify(only)} is not one of ${SELECTIONS.join(', ')}`);
  for (const [option, langs] of Object.entries(OPTION_LANGS)) {
    if (option in values && !langs.includes(lang as Language))
      throw new UsageError(`${option} is for --lang ${langs.slice(0, -1).join(', ')}${langs.length > 1 ? ' or ' : ''}${langs.at(-1)}, not ${lang}`);
  }
  const command = [
    'toolresult generate',
    `--lang ${lang}`,
    `--out ${values['--out']}`,
    ...Object.keys(OPTION_LANGS)
      .filter((o) => o in values)
      .map((o) => `${o} ${values[o]}`),
    ...(only === 'model' ? ['--only model'] : []),
  ].join(' ');
  return {
    lang: lang as Language,
    out: values['--out']!,
    check,
    command,
    ...(values['--package'] !== undefined ? { package: values['--package'] } : {}),
    ...(values['--namespace'] !== undefined ? { namespace: values['--namespace'] } : {}),
    ...(values['--module'] !== undefined ? { module: values['--module'] } : {}),
    ...(only !== undefined ? { only: only as SchemaSelection } : {}),
  };
}

export async function main(argv: string[]): Promise<number> {
  let options: ReturnType<typeof parse>;
  try {
    options = parse(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`toolresult generate: ${e.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  let files: Map<string, string>;
  try {
    files = await generate(options);
  } catch (e) {
    // A bad --package/--namespace/--module, or a schema the generator cannot read.
    process.stderr.write(`toolresult generate: ${(e as Error).message}\n`);
    return 2;
  }
  const out = resolve(options.out);
  if (options.check) {
    const drift = driftOf(out, files);
    if (drift.length > 0) {
      process.stderr.write(`${drift.length} of ${files.size} files are out of date:\n  ${drift.join('\n  ')}\nRegenerate: ${options.command}\n`);
      return 1;
    }
    process.stdout.write(`${files.size} files in ${out} are up to date\n`);
    return 0;
  }
  let changed: number;
  try {
    changed = writeFiles(out, files);
  } catch (e) {
    process.stderr.write(`toolresult generate: cannot write to ${out}: ${(e as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`wrote ${files.size} ${options.lang} files to ${out} (${changed} changed)\n`);
  return 0;
}
