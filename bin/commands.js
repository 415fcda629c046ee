// @ts-check
// The commands of `toolresult`, one line each. `module` is a path from the package root without its
// extension: the dispatcher imports `<module>.ts` in a checkout of the repository and
// `dist/<module>.js` in the installed package, only when the command runs, and `npm run build`
// compiles every module listed here with all it imports. The module's export (`main` unless
// `export` names another) is `(argv) => Promise<number>`: argv is the words after the command name,
// the number the exit status. With `replay: true` it also gets, as a second argument, the words
// that start the same command again (for the replay lines it prints). `needs` lists the optional
// peer dependencies the command loads; the dispatcher checks them first and says how to install
// the missing ones.

/** @typedef {{ module: string, export?: string, summary: string, needs?: readonly string[], replay?: boolean }} Command */

/** @type {Readonly<Record<string, Command>>} */
export const COMMANDS = {
  conformance: {
    module: 'conformance/runner/cli',
    summary: 'test an implementation through its adapter (default: the bundled reference)',
    needs: ['fast-check', '@sinclair/typebox'],
    replay: true,
  },
  vectors: { module: 'conformance/runner/cli', export: 'vectorsMain', summary: 'write every fixed case of the kit, with its schemas, as plain JSON files' },
  report: { module: 'conformance/report-viewer/cli', summary: "turn a run's --report-json file into one self-contained HTML page" },
  inspect: { module: 'inspector/cli', summary: 'serve a local page of the calls in a durable ledger: what the model saw, what stayed run-only (read only)' },
  generate: {
    module: 'codegen/cli',
    summary: 'types for TypeScript, Python, Go, PHP or Rust from the schemas (--lang ts also needs json-schema-to-typescript)',
  },
};

/** The command of `toolresult [options]`, with no command named. */
export const DEFAULT = 'conformance';

/** Modules the package starts by path rather than through a command: the reference adapter. */
export const PROGRAMS = ['reference-adapter/main'];
