// `npm test` starts here: every system tool a test needs (beyond what `npm ci` installs) is looked
// for before anything runs. When one is missing, one screen lists every missing tool, the tests that
// need it and the one command that installs them all (`npm run setup`: .ci/setup.d through apt-get),
// and the exit status is 1 within seconds, instead of a dozen failures found one by one after
// minutes. Nothing is skipped: a test whose tool is missing would fail, so npm test does not start.
// A tool added to .ci/setup.d for a test gets a row in TOOLS (scripts/prerequisites.test.ts checks
// that each row names test files that exist and mention the tool).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import semver from 'semver';
import { KOTLIN_VERSION, kotlinHome, kotlinMissing } from './kotlin-compiler.ts';

/** Where the checks look, given as data so a test can point them at an empty machine. */
export interface Machine {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Debian's PostgreSQL server binaries: <root>/<version>/bin/initdb (test/support/postgres-cluster.ts). */
  readonly postgresRoot: string;
  /** Debian's Rust crates, where test/types/drivers.ts points cargo. */
  readonly cargoRegistry: string;
  /** The Kotlin compiler's folder (scripts/kotlin-compiler.ts), which .ci/setup.d/16-kotlin.sh fills from Maven Central. */
  readonly kotlinHome: string;
  /** The server refuses to run as root: the cluster is started as the `postgres` user then. */
  readonly isRoot: boolean;
  readonly passwd: string;
}

export interface Tool {
  /** What is missing, as the user looks for it. */
  readonly name: string;
  /** The Debian packages that provide it. */
  readonly packages: string;
  /** The setup file that installs it. */
  readonly setup: string;
  /** Test files and npm scripts that fail without it. */
  readonly neededBy: readonly string[];
  /** Undefined when present; else what is wrong, in a few words. */
  check(m: Machine): string | undefined;
}

function onPath(name: string, env: Machine['env']): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

const needsCommands =
  (...names: string[]) =>
  (m: Machine): string | undefined => {
    const absent = names.filter((n) => onPath(n, m.env) === undefined);
    return absent.length > 0 ? `no ${absent.join(', ')} on the PATH` : undefined;
  };

/** Dotted versions compared number by number (`1.9` < `1.19`). */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0 || Number.isNaN(d)) return Number.isNaN(d) ? -1 : d;
  }
  return 0;
}

/** The newest `go` line of the repository's go.mod files (the Go implementation's module). */
function goNeeded(): string | undefined {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'implementations', 'go', 'go.mod');
  if (!existsSync(file)) return undefined;
  return /^go (\d+(?:\.\d+)*)/m.exec(readFileSync(file, 'utf8'))?.[1];
}

/** Runs a short probe of a tool that is on the PATH; the exit status answers (30 s: a loaded machine starts pyenv's shims slowly). */
function probe(cmd: string, args: readonly string[], env: Machine['env']): number | null {
  const r = spawnSync(cmd, args, { env: env as NodeJS.ProcessEnv, stdio: 'ignore', timeout: 30_000 });
  return r.error ? null : r.status;
}

function postgresBin(m: Machine): string | undefined {
  const given = m.env.TOOLRESULT_PG_BIN;
  if (given) return given;
  if (!existsSync(m.postgresRoot)) return undefined;
  const versions = readdirSync(m.postgresRoot).filter((v) => existsSync(join(m.postgresRoot, v, 'bin', 'initdb')));
  return versions.length > 0 ? join(m.postgresRoot, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin') : undefined;
}

const PHP_TESTS = [
  'test/implementations.test.ts',
  'test/ledger-cross-language.test.ts',
  'test/types/php.test.ts',
  'test/types/php-facts.test.ts',
  'npm run test:php',
  'npm run test:ledger-languages',
];

export const TOOLS: readonly Tool[] = [
  {
    name: 'python3 (3.11 or later)',
    packages: 'python3',
    setup: '.ci/setup.d/13-toolchains.sh',
    neededBy: ['test/implementations.test.ts', 'test/ledger-cross-language.test.ts', 'test/types/python.test.ts', 'npm run test:python'],
    check(m) {
      if (onPath('python3', m.env) === undefined) return 'no python3 on the PATH';
      const status = probe('python3', ['-c', 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 3)'], m.env);
      return status === 0
        ? undefined
        : status === 3
          ? 'python3 is older than 3.11'
          : status === null
            ? 'python3 did not answer within 30 s'
            : 'python3 does not run';
    },
  },
  {
    name: 'php (8.2, with mbstring and PDO for SQLite and PostgreSQL)',
    packages: 'php-cli php-mbstring php-sqlite3 php-pgsql',
    setup: '.ci/setup.d/15-php.sh',
    neededBy: PHP_TESTS,
    check(m) {
      if (onPath('php', m.env) === undefined) return 'no php on the PATH';
      const status = probe(
        'php',
        ['-r', 'exit(!extension_loaded("mbstring") ? 3 : (extension_loaded("pdo_sqlite") && extension_loaded("pdo_pgsql") ? 0 : 4));'],
        m.env,
      );
      if (status === 3) return 'php has no mbstring extension';
      if (status === 4) return 'php has no pdo_sqlite or pdo_pgsql extension (the durable ledger stores)';
      return status === 0 ? undefined : 'php does not run';
    },
  },
  {
    name: 'phpunit',
    packages: 'phpunit',
    setup: '.ci/setup.d/15-php.sh',
    neededBy: ['npm run test:php'],
    check: needsCommands('phpunit'),
  },
  {
    name: 'composer, phpcs (PHP_CodeSniffer), php zip',
    packages: 'composer php-codesniffer php-zip',
    setup: '.ci/setup.d/21-php-package.sh',
    neededBy: ['test/php-package.test.ts', 'npm run test:php-package', 'test/publish.test.ts', 'npm run test:publish'],
    // ctype, which the package requires too, comes with php-cli (php8.2-common). Composer reads a
    // package's archive (the publish test's Composer repository) only with PHP's zip extension; a
    // php that does not run is the php row's finding.
    check(m) {
      const missing = needsCommands('composer', 'phpcs')(m);
      if (missing !== undefined || onPath('php', m.env) === undefined) return missing;
      return probe('php', ['-r', 'exit(extension_loaded("zip") ? 0 : 5);'], m.env) === 5
        ? 'php has no zip extension (Composer reads archives with it)'
        : undefined;
    },
  },
  {
    name: "Debian's python3 with venv, build and mypy",
    packages: 'python3-venv python3-build python3-mypy',
    setup: '.ci/setup.d/20-python-package.sh',
    neededBy: ['test/python-package.test.ts', 'npm run test:python-package', 'npm run check:python', 'npm run test:python-integrations'],
    check(m) {
      const python = m.env.TOOLRESULT_SYSTEM_PYTHON ?? '/usr/bin/python3';
      if (!existsSync(python)) return `no ${python}`;
      const status = probe(python, ['-c', 'import venv, build, mypy'], m.env);
      return status === 0 ? undefined : `${python} cannot import venv, build and mypy`;
    },
  },
  {
    name: 'go, gofmt',
    packages: 'golang-go',
    setup: '.ci/setup.d/13-toolchains.sh',
    neededBy: [
      'test/types/go.test.ts',
      'test/implementations.test.ts',
      'test/ledger-cross-language.test.ts',
      'npm run test:go',
      'test/publish.test.ts',
      'npm run test:publish',
    ],
    check(m) {
      const commands = needsCommands('go', 'gofmt')(m);
      if (commands) return commands;
      // The first go on the PATH must be as new as the newest `go` line of the repository's go.mod files.
      const needed = goNeeded();
      const have =
        spawnSync('go', ['env', 'GOVERSION'], { env: m.env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 30_000 })
          .stdout?.trim()
          .replace(/^go/, '') ?? '';
      return needed !== undefined && compareVersions(have, needed) < 0
        ? `go ${have || '(unknown version)'} is older than the ${needed} that go.mod needs`
        : undefined;
    },
  },
  {
    name: 'cargo, rustc and the serde crates',
    packages: 'cargo librust-serde-json-dev librust-serde-derive-dev',
    setup: '.ci/setup.d/13-toolchains.sh',
    neededBy: ['test/types/rust.test.ts'],
    check(m) {
      const commands = needsCommands('cargo', 'rustc')(m);
      if (commands) return commands;
      const crates = existsSync(m.cargoRegistry) ? readdirSync(m.cargoRegistry) : [];
      const absent = ['serde', 'serde_json', 'serde_derive'].filter((c) => !crates.some((d) => d.startsWith(`${c}-`)));
      return absent.length > 0 ? `no ${absent.join(', ')} in ${m.cargoRegistry}` : undefined;
    },
  },
  {
    name: `javac (JDK 17 or later), java, and the Kotlin compiler ${KOTLIN_VERSION}`,
    packages: 'openjdk-17-jdk-headless maven',
    setup: '.ci/setup.d/16-kotlin.sh',
    neededBy: ['test/types/java.test.ts', 'test/types/kotlin.test.ts'],
    check(m) {
      const commands = needsCommands('javac', 'java')(m);
      if (commands) return commands;
      // `javac -version` prints `javac 17.0.15` (to stdout since JDK 9); records need 16, the types are written for 17.
      const version = /javac (\d+)/.exec(
        spawnSync('javac', ['-version'], { env: m.env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 30_000 }).stdout ?? '',
      )?.[1];
      if (version === undefined || Number(version) < 17) return `javac ${version ?? '(unknown version)'} is older than 17`;
      return kotlinMissing(m.kotlinHome);
    },
  },
  {
    name: 'chromium',
    packages: 'chromium',
    setup: '.ci/setup.d/17-chromium.sh',
    neededBy: ['site/site.browser.test.ts'],
    check(m) {
      const file = m.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
      try {
        accessSync(file, constants.X_OK);
        return undefined;
      } catch {
        return `no ${file}${m.env.CHROMIUM_PATH ? ' (CHROMIUM_PATH)' : ''}`;
      }
    },
  },
  {
    name: 'PostgreSQL server (initdb, pg_ctl, postgres)',
    packages: 'postgresql',
    setup: '.ci/setup.d/18-postgres.sh',
    neededBy: ['npm run test:ledger', 'test/support/postgres-cluster.ts'],
    check(m) {
      const bin = postgresBin(m);
      if (bin === undefined) return `no ${m.postgresRoot}/*/bin/initdb (or TOOLRESULT_PG_BIN)`;
      const absent = ['initdb', 'pg_ctl', 'postgres'].filter((b) => !existsSync(join(bin, b)));
      if (absent.length > 0) return `no ${absent.join(', ')} in ${bin}`;
      if (m.isRoot && !/^postgres:/m.test(m.passwd)) return 'running as root, and no postgres user to start the server as';
      return undefined;
    },
  },
];

/** The command that installs every tool of TOOLS. */
export const INSTALL_ALL = 'npm run setup';

export interface Missing {
  readonly tool: Tool;
  readonly why: string;
}

export function missingTools(m: Machine, tools: readonly Tool[] = TOOLS): Missing[] {
  return tools.flatMap((tool) => {
    const why = tool.check(m);
    return why === undefined ? [] : [{ tool, why }];
  });
}

/** The one screen npm test prints before stopping. */
export function missingReport(missing: readonly Missing[]): string {
  const lines = [
    `npm test stopped before running anything: ${missing.length} tool${missing.length === 1 ? '' : 's'} its tests need ${missing.length === 1 ? 'is' : 'are'} missing.`,
    '',
  ];
  for (const { tool, why } of missing) {
    lines.push(`  ${tool.name}: ${why} [Debian: ${tool.packages}]`);
    lines.push(`      needed by ${tool.neededBy.join(', ')}`);
  }
  lines.push(
    '',
    'Install them all (Debian or Ubuntu; apt-get as root, or through sudo):',
    `  ${INSTALL_ALL}`,
    'then run npm test again. Elsewhere, install the packages named above by hand.',
  );
  return lines.join('\n');
}

export function thisMachine(env: Machine['env'] = process.env): Machine {
  let passwd = '';
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    // no passwd file: no postgres user either
  }
  return {
    env,
    postgresRoot: '/usr/lib/postgresql',
    cargoRegistry: '/usr/share/cargo/registry',
    kotlinHome: kotlinHome(env),
    isRoot: process.getuid?.() === 0,
    passwd,
  };
}

/**
 * The agent stacks' packages (stacks/npm's own dependencies, from its lockfile) whose `engines.node`
 * the given Node.js does not satisfy. The library and the kit run on Node.js 20.19+ and 22.12+ (the
 * root package's engines); several stack packages declare 22 or later. npm only warns
 * (EBADENGINE) and the integrations' tests run them on the suite's Node, so this is said, not
 * enforced: a team running an agent on 20 should know its stack's vendor does not support that.
 */
export function stackPackagesBeyond(
  nodeVersion: string,
  lock: { packages?: Record<string, { engines?: { node?: string }; dependencies?: Record<string, string> }> },
): string[] {
  const packages = lock.packages ?? {};
  const direct = Object.keys(packages['']?.dependencies ?? {});
  return direct
    .filter((name) => {
      const range = packages[`node_modules/${name}`]?.engines?.node;
      return range !== undefined && semver.validRange(range) !== null && !semver.satisfies(nodeVersion, range);
    })
    .sort();
}

/** One line for npm test's log: which stack packages declare a newer Node.js than this one. */
export function stackEnginesNote(nodeVersion: string, lockPath: string): string | undefined {
  if (!existsSync(lockPath)) return undefined;
  const beyond = stackPackagesBeyond(nodeVersion, JSON.parse(readFileSync(lockPath, 'utf8')));
  if (beyond.length === 0) return undefined;
  return `prerequisites: note: Node.js ${nodeVersion} runs the library, the kit and every test; ${beyond.length} of the agent stacks' packages declare a newer Node.js in their engines (${beyond.join(', ')}): npm warns EBADENGINE when it installs them, and an agent built on them should run on Node.js 22 or later`;
}

function main(): number {
  const missing = missingTools(thisMachine());
  if (missing.length === 0) {
    process.stdout.write(`prerequisites: ${TOOLS.map((t) => t.name.replace(/ \(.*\)$/, '')).join('; ')}: all found\n`);
    const note = stackEnginesNote(process.versions.node, join(dirname(fileURLToPath(import.meta.url)), '..', 'stacks', 'npm', 'package-lock.json'));
    if (note) process.stdout.write(`${note}\n`);
    return 0;
  }
  process.stderr.write(`${missingReport(missing)}\n`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
