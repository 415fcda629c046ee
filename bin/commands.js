// @ts-check
// The commands of `toolresult`, one line each. `module` is a path from the package root without its
// extension: the dispatcher imports `<module>.ts` in a checkout of the repository and
// `dist/<module>.js` in the installed package, only when the command runs. The module's export
// (`main` unless `export` names another) is `(argv, invocation) => Promise<number>`: argv is the words
// after the command name, invocation the words that start the same command again (for replay lines),
// and the number is the exit status. `needs` lists the optional peer dependencies the command loads;
// the dispatcher checks them first and says how to install the missing ones.

/** @typedef {{ module: string, export?: string, summary: string, needs?: readonly string[] }} Command */

/** @type {Readonly<Record<string, Command>>} */
export const COMMANDS = {
  conformance: { module: 'conformance/runner/cli', summary: 'test an implementation through its adapter (default: the bundled reference)', needs: ['fast-check', '@sinclair/typebox'] },
  vectors: { module: 'conformance/runner/cli', export: 'vectorsMain', summary: 'write every fixed case of the kit, with its schemas, as plain JSON files' },
};

/** The command of `toolresult [options]`, with no command named. */
export const DEFAULT = 'conformance';
