// For each language: generate the types with `toolresult generate` into a temporary folder, write a
// small round-trip program beside them, and say how to compile and run it. The program reads
// cases.json ([id, type, text] triples), decodes each text as its type, encodes it back and prints
// one JSON line per case: {"id", "ok": true, "out"} or {"id", "ok": false, "error"}.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Model } from '../../codegen/ir.ts';
import { PhpTypes } from '../../codegen/php.ts';
import type { Language } from '../../codegen/generate.ts';

export interface Step {
  readonly label: string;
  readonly cmd: string;
  readonly args: string[];
  readonly cwd: string;
  readonly env?: Record<string, string>;
}

export interface Driver {
  /** toolresult generate arguments after --lang and --out. */
  readonly generateArgs: string[];
  /** Where the generated files go, below the work folder. */
  readonly outDir: string;
  /** Writes the program; returns the compile/check steps and the run step (which gets cases.json). */
  prepare(work: string, model: Model, types: string[], generated: string[]): { checks: Step[]; run: Step | null };
}

const PYTHON_CHECK = String.raw`
import json, sys, typing, importlib
sys.path.insert(0, sys.argv[1])
mod = importlib.import_module("toolresult_types")

def resolve(t):
    if isinstance(t, str):
        return getattr(mod, t)
    if isinstance(t, typing.ForwardRef):
        return getattr(mod, t.__forward_arg__)
    return t

class Mismatch(Exception):
    pass

def check(v, t, path):
    """Whether v has the shape of the generated type t (TypedDicts are read as closed)."""
    t = resolve(t)
    origin, args = typing.get_origin(t), typing.get_args(t)
    if t is typing.Any:
        return
    if t is None or t is type(None):
        ok = v is None
    elif typing.is_typeddict(t):
        if not isinstance(v, dict):
            raise Mismatch(f"{path}: want an object")
        hints = typing.get_type_hints(t, globalns=vars(mod))
        missing = t.__required_keys__ - v.keys()
        unknown = v.keys() - hints.keys()
        if missing or unknown:
            raise Mismatch(f"{path}: missing {sorted(missing)}, unknown {sorted(unknown)}")
        for k, x in v.items():
            check(x, hints[k], f"{path}.{k}")
        return
    elif origin is typing.Literal:
        ok = any(v == a and type(v) is type(a) for a in args)
    elif origin is typing.Union:
        for a in args:
            try:
                check(v, a, path)
                return
            except Mismatch:
                pass
        ok = False
    elif origin is list:
        if not isinstance(v, list):
            raise Mismatch(f"{path}: want an array")
        for i, x in enumerate(v):
            check(x, args[0], f"{path}[{i}]")
        return
    elif origin is tuple:
        if not isinstance(v, list) or len(v) < len(args):
            raise Mismatch(f"{path}: want {len(args)} items")
        for i, a in enumerate(args):
            check(v[i], a, f"{path}[{i}]")
        return
    elif origin is dict:
        if not isinstance(v, dict):
            raise Mismatch(f"{path}: want an object")
        for k, x in v.items():
            check(x, args[1], f"{path}.{k}")
        return
    elif t is bool:
        ok = isinstance(v, bool)
    elif t is int:
        ok = isinstance(v, int) and not isinstance(v, bool)
    elif t is float:
        ok = isinstance(v, (int, float)) and not isinstance(v, bool)
    elif t is str:
        ok = isinstance(v, str)
    else:
        raise Mismatch(f"{path}: no check for {t!r}")
    if not ok:
        raise Mismatch(f"{path}: {json.dumps(v)[:60]} is not {t!r}")

with open(sys.argv[2], encoding="utf-8") as f:
    cases = json.load(f)
for case_id, type_name, text in cases:
    value = json.loads(text)
    try:
        check(value, getattr(mod, type_name), "$")
        print(json.dumps({"id": case_id, "ok": True, "out": json.dumps(value)}))
    except Mismatch as e:
        print(json.dumps({"id": case_id, "ok": False, "error": str(e)}))
`;

const goDriver = (types: string[]): string => `package main

import (
\t"encoding/json"
\t"fmt"
\t"os"

\ttr "roundtrip/toolresult"
)

func rt[T any](data []byte) ([]byte, error) {
\tv := new(T)
\tif err := json.Unmarshal(data, v); err != nil {
\t\treturn nil, err
\t}
\treturn json.Marshal(v)
}

var decoders = map[string]func([]byte) ([]byte, error){
${types.map((t) => `\t${JSON.stringify(t)}: rt[tr.${t}],\n`).join('')}}

func main() {
\traw, err := os.ReadFile(os.Args[1])
\tif err != nil {
\t\tpanic(err)
\t}
\tvar cases [][3]string
\tif err := json.Unmarshal(raw, &cases); err != nil {
\t\tpanic(err)
\t}
\tfor _, c := range cases {
\t\tline := map[string]any{"id": c[0]}
\t\tdecode, known := decoders[c[1]]
\t\tif !known {
\t\t\tline["ok"], line["error"] = false, "no type "+c[1]
\t\t} else if out, err := decode([]byte(c[2])); err != nil {
\t\t\tline["ok"], line["error"] = false, err.Error()
\t\t} else {
\t\t\tline["ok"], line["out"] = true, string(out)
\t\t}
\t\ttext, _ := json.Marshal(line)
\t\tfmt.Println(string(text))
\t}
}
`;

const rustDriver = (types: string[]): string => `#[allow(dead_code)]
mod toolresult;

use serde::{de::DeserializeOwned, Serialize};

fn rt<T: DeserializeOwned + Serialize>(text: &str) -> Result<String, String> {
    let value: T = serde_json::from_str(text).map_err(|e| e.to_string())?;
    serde_json::to_string(&value).map_err(|e| e.to_string())
}

fn main() {
    let path = std::env::args().nth(1).expect("cases file");
    let cases: Vec<(String, String, String)> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for (id, ty, text) in cases {
        let result = match ty.as_str() {
${types.map((t) => `            ${JSON.stringify(t)} => rt::<toolresult::${t}>(&text),\n`).join('')}            _ => Err(format!("no type {}", ty)),
        };
        let line = match result {
            Ok(out) => serde_json::json!({ "id": id, "ok": true, "out": out }),
            Err(error) => serde_json::json!({ "id": id, "ok": false, "error": error }),
        };
        println!("{}", line);
    }
}
`;

function phpDriver(model: Model, types: string[]): string {
  const php = new PhpTypes(model);
  const arms = types
    .map((t) => `        ${JSON.stringify(t)} => static fn (mixed $data) => ${php.decode({ kind: 'ref', name: t }, '$data', "'$'")},\n`)
    .join('');
  return `<?php

declare(strict_types=1);

namespace RoundTrip\\Types;

spl_autoload_register(static function (string $class): void {
    $prefix = 'RoundTrip\\\\Types\\\\';
    if (str_starts_with($class, $prefix)) {
        require __DIR__ . '/types/' . substr($class, strlen($prefix)) . '.php';
    }
});

$decoders = [
${arms}];

foreach (json_decode(file_get_contents($argv[1]), false, 512, JSON_THROW_ON_ERROR) as [$id, $type, $text]) {
    try {
        $value = ($decoders[$type])(json_decode($text, false, 512, JSON_THROW_ON_ERROR));
        $line = ['id' => $id, 'ok' => true, 'out' => json_encode($value, JSON_THROW_ON_ERROR | JSON_PRESERVE_ZERO_FRACTION)];
    } catch (DecodeError $e) {
        $line = ['id' => $id, 'ok' => false, 'error' => $e->getMessage()];
    }
    echo json_encode($line, JSON_THROW_ON_ERROR), "\\n";
}
`;
}

const RUST_CONFIG = `[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"

[net]
offline = true
`;

/** The languages whose types decode and encode JSON themselves; java, kotlin and csharp carry names only (their own tests). */
export type RoundTripLanguage = Exclude<Language, 'java' | 'kotlin' | 'csharp'>;

export const DRIVERS: Record<RoundTripLanguage, Driver> = {
  python: {
    generateArgs: [],
    outDir: 'py',
    prepare: (work, _model, _types, generated) => {
      writeFileSync(join(work, 'check.py'), PYTHON_CHECK);
      return {
        checks: generated.map((f) => ({ label: `py_compile ${f}`, cmd: 'python3', args: ['-m', 'py_compile', join(work, 'py', f)], cwd: work })),
        run: { label: 'python3 check.py', cmd: 'python3', args: ['check.py', join(work, 'py')], cwd: work },
      };
    },
  },
  go: {
    generateArgs: ['--package', 'toolresult'],
    outDir: 'toolresult',
    prepare: (work, _model, types) => {
      writeFileSync(join(work, 'go.mod'), 'module roundtrip\n\ngo 1.19\n');
      writeFileSync(join(work, 'main.go'), goDriver(types));
      const env = { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
      return {
        checks: [
          { label: 'gofmt -l toolresult', cmd: 'gofmt', args: ['-l', 'toolresult'], cwd: work },
          { label: 'go vet ./...', cmd: 'go', args: ['vet', './...'], cwd: work, env },
        ],
        run: { label: 'go run .', cmd: 'go', args: ['run', '.'], cwd: work, env },
      };
    },
  },
  php: {
    generateArgs: ['--namespace', 'RoundTrip\\Types'],
    outDir: 'types',
    prepare: (work, model, types, generated) => {
      writeFileSync(join(work, 'roundtrip.php'), phpDriver(model, types));
      // The compile `php -l` does, for every file in one process (php -l checks one file per run);
      // without opcache, php -l file by file.
      const files = generated.map((f) => `'types/${f}'`).join(' ');
      const lint = `if php -d opcache.enable_cli=1 -r 'exit(function_exists("opcache_compile_file") ? 0 : 1);'; then
  php -d opcache.enable_cli=1 -r 'foreach (array_slice($argv, 1) as $f) { opcache_compile_file($f) or exit(1); }' ${files}
else
  set -e; for f in ${files}; do php -l "$f" > /dev/null; done
fi`;
      return {
        checks: [{ label: 'php -l types/*.php', cmd: 'sh', args: ['-c', lint], cwd: work }],
        run: { label: 'php roundtrip.php', cmd: 'php', args: ['roundtrip.php'], cwd: work },
      };
    },
  },
  rust: {
    generateArgs: ['--module', 'toolresult'],
    outDir: 'src',
    prepare: (work, _model, types) => {
      mkdirSync(join(work, 'cargo-home'), { recursive: true });
      writeFileSync(join(work, 'cargo-home', 'config.toml'), RUST_CONFIG);
      writeFileSync(
        join(work, 'Cargo.toml'),
        '[package]\nname = "roundtrip"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nserde = { version = "1", features = ["derive"] }\nserde_json = "1"\n',
      );
      writeFileSync(join(work, 'src', 'main.rs'), rustDriver(types));
      // No debug info and no incremental state: the crate is built once and thrown away. One job,
      // so the build leaves a core to the tests that run beside it (adapters have a start deadline).
      const env = {
        CARGO_HOME: join(work, 'cargo-home'),
        CARGO_TARGET_DIR: join(work, 'target'),
        CARGO_BUILD_JOBS: '1',
        RUSTFLAGS: '-D warnings',
        CARGO_PROFILE_DEV_DEBUG: '0',
        CARGO_INCREMENTAL: '0',
      };
      return {
        checks: [{ label: 'cargo build --offline', cmd: 'cargo', args: ['build', '--offline', '--quiet'], cwd: work, env }],
        run: { label: 'target/debug/roundtrip', cmd: join(work, 'target', 'debug', 'roundtrip'), args: [], cwd: work },
      };
    },
  },
  ts: {
    generateArgs: [],
    outDir: 'types',
    prepare: () => ({ checks: [], run: null }), // see typescript.test.ts: the examples are checked by tsc itself
  },
};
