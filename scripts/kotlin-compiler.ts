// Where .ci/setup.d/16-kotlin.sh puts the Kotlin compiler (Debian packages none): its jars from
// Maven Central, in a folder marked .complete once every jar is there. The Kotlin types test runs
// it from there, and npm test's prerequisites look for the mark.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const KOTLIN_VERSION = '2.4.21';

/** The folder of the compiler's jars for an environment (XDG_CACHE_HOME, else HOME/.cache). */
export function kotlinHome(env: Readonly<Record<string, string | undefined>>): string {
  const cache = env.XDG_CACHE_HOME ?? join(env.HOME ?? '/nonexistent', '.cache');
  return join(cache, 'toolresult-protocol', `kotlin-${KOTLIN_VERSION}`);
}

/** Undefined when the compiler is there; else what is missing, in a few words. */
export function kotlinMissing(home: string): string | undefined {
  return existsSync(join(home, '.complete')) ? undefined : `no Kotlin compiler ${KOTLIN_VERSION} at ${home} (.complete)`;
}

/**
 * The command line that compiles Kotlin files with the fetched compiler: its jars on java's class
 * path, the standard library given by hand (-no-stdlib: there is no Kotlin home to find it in).
 */
export function kotlincArgs(home: string, outDir: string, files: string[]): string[] {
  const jars = join(home, 'jars');
  const classPath = readdirSync(jars)
    .filter((f) => f.endsWith('.jar'))
    .sort()
    .map((f) => join(jars, f))
    .join(':');
  return [
    '-cp',
    classPath,
    'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
    '-no-stdlib',
    '-no-reflect',
    '-Werror',
    '-classpath',
    join(jars, `kotlin-stdlib-${KOTLIN_VERSION}.jar`),
    '-d',
    outDir,
    ...files,
  ];
}
