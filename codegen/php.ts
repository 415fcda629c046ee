// PHP 8.2: one file per type under a namespace (PSR-4): final readonly classes with a strict
// fromJson() and JsonSerializable, backed enums for closed sets of strings, and a static fromJson()
// class for each union. Input is what json_decode($text) returns (objects as stdClass, so that an
// empty object stays apart from an empty list); arrays with string keys are accepted too.
//
// Absent and null: a readonly property cannot be left uninitialised, so an optional member holds
// Absent::Value when the member is absent and null when it is null; jsonSerialize() leaves Absent
// out. Decoding is strict: a missing required member, an unknown member of a closed object, a wrong
// type, a value outside a closed set or a wrong constant throws DecodeError naming the path.
import {
  FACT_KEYWORDS,
  type Decl,
  type Literal,
  type Model,
  type ObjectDecl,
  type TypeExpr,
  camelWords,
  constantOf,
  constantWord,
  isJsonValue,
  unalias,
  wrap,
} from './ir.ts';
import { type HeaderInput, headerLines } from './header.ts';
import { PHP_LINE_LIMIT, fitPhpLines } from './php-layout.ts';

export interface PhpOptions {
  readonly namespace: string;
}

const RESERVED = new Set(
  'abstract and array as break callable case catch class clone const continue declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile enum eval exit extends final finally fn for foreach function global goto if implements include instanceof insteadof interface isset list match mixed namespace new or print private protected public readonly require return static switch throw trait try unset use var while xor yield int float bool string true false null void iterable object never parent self'.split(
    ' ',
  ),
);

const q = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const phpLiteral = (v: Literal): string => (v === null ? 'null' : typeof v === 'string' ? q(v) : String(v));
// A description cannot end the comment early.
const docBlock = (lines: string[], indent = ''): string =>
  lines.length === 0 ? '' : `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l.replace(/\*\//g, '* /')}` : ''}\n`).join('')}${indent} */\n`;

export class PhpTypes {
  private depth = 0;

  constructor(private readonly model: Model) {}

  className(name: string): string {
    return RESERVED.has(name.toLowerCase()) || ['json', 'absent', 'decodeerror'].includes(name.toLowerCase()) ? `${name}Type` : name;
  }

  /** A ref's declaration kind for PHP: a class, a backed enum, a union class, or inlined. */
  refKind(name: string): 'class' | 'enum' | 'union' | 'json' | 'inline' {
    const decl = this.model.byName.get(name)!;
    if (decl.kind === 'object') return 'class';
    if (isJsonValue(this.model, decl.type)) return 'json';
    if (decl.type.kind === 'literal' && enumBase(decl.type.values)) return 'enum';
    if (decl.type.kind === 'union' && !this.nullable(decl.type)) return 'union';
    return 'inline';
  }

  nullable(type: TypeExpr): TypeExpr | null {
    const t = unalias(this.model, type);
    if (t.kind !== 'union') return null;
    const rest = t.of.filter((p) => unalias(this.model, p).kind !== 'null');
    return rest.length === 1 && rest.length < t.of.length ? rest[0]! : null;
  }

  /** The PHP type declaration. */
  type(type: TypeExpr): string {
    if (isJsonValue(this.model, type)) return 'mixed';
    switch (type.kind) {
      case 'any':
        return 'mixed';
      case 'null':
        return 'null';
      case 'boolean':
        return 'bool';
      case 'integer':
        return 'int';
      case 'number':
        return 'int|float';
      case 'string':
        return 'string';
      case 'literal': {
        const kinds = new Set(
          type.values.map((v) =>
            v === null ? 'null' : typeof v === 'number' ? (Number.isInteger(v) ? 'int' : 'float') : typeof v === 'boolean' ? 'bool' : 'string',
          ),
        );
        return [...kinds].join('|');
      }
      case 'array':
      case 'tuple':
      case 'map':
        return 'array';
      case 'ref': {
        const kind = this.refKind(type.name);
        if (kind === 'class' || kind === 'enum') return this.className(type.name);
        const decl = this.model.byName.get(type.name) as Extract<Decl, { kind: 'alias' }>;
        return this.type(decl.type);
      }
      case 'union': {
        const parts = new Set(type.of.flatMap((p) => this.type(p).split('|')));
        if (parts.has('mixed')) return 'mixed';
        return [...parts].join('|');
      }
    }
  }

  /** The type for documentation (Psalm/PHPStan syntax). */
  doc(type: TypeExpr): string {
    if (isJsonValue(this.model, type)) return 'mixed';
    switch (type.kind) {
      case 'literal':
        return type.values.map(phpLiteral).join('|');
      case 'array':
        return `list<${this.doc(type.items)}>`;
      case 'tuple':
        return `array{${type.items.map((t, i) => `${i}: ${this.doc(t)}`).join(', ')}}`;
      case 'map':
        return `array<string, ${this.doc(type.values)}>`;
      case 'ref': {
        const kind = this.refKind(type.name);
        if (kind === 'class' || kind === 'enum') return this.className(type.name);
        return this.doc((this.model.byName.get(type.name) as Extract<Decl, { kind: 'alias' }>).type);
      }
      case 'union':
        return [...new Set(type.of.map((p) => this.doc(p)))].join('|');
      default:
        return this.type(type);
    }
  }

  /**
   * A PHP expression decoding the value `v` found at path `p` (both PHP expressions). With an
   * indent, a union's variants go one per line.
   */
  decode(type: TypeExpr, v: string, p: string, indent?: string): string {
    if (isJsonValue(this.model, type)) return v;
    switch (type.kind) {
      case 'any':
        return v;
      case 'null':
        return `Json::null(${v}, ${p})`;
      case 'boolean':
        return `Json::bool(${v}, ${p})`;
      case 'integer':
        return `Json::int(${v}, ${p})`;
      case 'number':
        return `Json::number(${v}, ${p})`;
      case 'string':
        return `Json::string(${v}, ${p})`;
      case 'literal':
        return `Json::oneOf(${v}, ${p}, [${type.values.map(phpLiteral).join(', ')}])`;
      case 'array':
        return `Json::list(${v}, ${p}, ${this.closure(type.items)})`;
      case 'tuple':
        return `Json::tuple(${v}, ${p}, [${type.items.map((t) => this.closure(t)).join(', ')}])`;
      case 'map':
        return `Json::map(${v}, ${p}, ${this.closure(type.values)})`;
      case 'ref': {
        const kind = this.refKind(type.name);
        if (kind === 'class' || kind === 'union') return `${this.className(type.name)}::fromJson(${v}, ${p})`;
        if (kind === 'enum') return `Json::enum(${this.className(type.name)}::class, ${v}, ${p})`;
        return this.decode((this.model.byName.get(type.name) as Extract<Decl, { kind: 'alias' }>).type, v, p);
      }
      case 'union': {
        const inner = this.nullable(type);
        if (inner) return `(${v} === null ? null : ${this.decode(inner, v, p)})`;
        const variants = type.of.map((t) => this.closure(t));
        if (indent !== undefined) return `Json::anyOf(${v}, ${p}, [\n${variants.map((c) => `${indent}    ${c},\n`).join('')}${indent}])`;
        return `Json::anyOf(${v}, ${p}, [${variants.join(', ')}])`;
      }
    }
  }

  private closure(type: TypeExpr): string {
    const n = ++this.depth;
    try {
      return `static fn (mixed $x${n}, string $p${n}) => ${this.decode(type, `$x${n}`, `$p${n}`)}`;
    } finally {
      this.depth--;
    }
  }

  /** A PHP expression turning the decoded value `v` back into what json_encode writes as the JSON. */
  encode(type: TypeExpr, v: string): string {
    const t = unalias(this.model, type);
    if (isJsonValue(this.model, type)) return v;
    if (t.kind === 'map')
      return `Json::object(${this.needsEncoding(t.values) ? `array_map(static fn (mixed $x) => ${this.encode(t.values, '$x')}, ${v})` : v})`;
    if (t.kind === 'array' && this.needsEncoding(t.items)) return `array_map(static fn (mixed $x) => ${this.encode(t.items, '$x')}, ${v})`;
    return v;
  }

  private needsEncoding(type: TypeExpr): boolean {
    const t = unalias(this.model, type);
    if (isJsonValue(this.model, type)) return false;
    return t.kind === 'map' || (t.kind === 'array' && this.needsEncoding(t.items));
  }
}

function enumBase(values: Literal[]): 'string' | 'int' | null {
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => Number.isInteger(v))) return 'int';
  return null;
}

const SUPPORT = (ns: string, head: string): Map<string, string> =>
  new Map([
    [
      'Absent.php',
      `${head}
namespace ${ns};

/** The value of an optional member that is not there (null is the JSON null). */
enum Absent
{
    case Value;
}
`,
    ],
    [
      'DecodeError.php',
      `${head}
namespace ${ns};

/** A value does not have the shape of its type; the message names the JSON path. */
final class DecodeError extends \\InvalidArgumentException
{
}
`,
    ],
    [
      'Json.php',
      `${head}
namespace ${ns};

/** Strict decoding of json_decode() output, shared by the generated types. */
final class Json
{
    /** @return array<string, mixed> the members of an object, after checking required and (for a closed object) unknown ones */
    public static function members(mixed $v, string $path, array $required, ?array $known): array
    {
        if ($v instanceof \\stdClass) {
            $v = get_object_vars($v);
        } elseif (!is_array($v) || ($v !== [] && array_is_list($v))) {
            throw new DecodeError("$path: want an object, got " . get_debug_type($v));
        }
        foreach ($required as $name) {
            if (!array_key_exists($name, $v)) {
                throw new DecodeError("$path: missing member '$name'");
            }
        }
        if ($known !== null) {
            foreach (array_keys($v) as $name) {
                if (!in_array((string) $name, $known, true)) {
                    throw new DecodeError("$path: unknown member '$name'");
                }
            }
        }
        return $v;
    }

    public static function string(mixed $v, string $path): string
    {
        return is_string($v) ? $v : throw new DecodeError("$path: want a string, got " . get_debug_type($v));
    }

    public static function bool(mixed $v, string $path): bool
    {
        return is_bool($v) ? $v : throw new DecodeError("$path: want a boolean, got " . get_debug_type($v));
    }

    /** An integer, also when written with a zero fraction (512.0), as JSON Schema reads it. */
    public static function int(mixed $v, string $path): int
    {
        if (is_float($v) && floor($v) === $v && abs($v) <= 9007199254740991) {
            return (int) $v;
        }
        return is_int($v) ? $v : throw new DecodeError("$path: want an integer, got " . get_debug_type($v));
    }

    public static function number(mixed $v, string $path): int|float
    {
        if (is_int($v) || is_float($v)) {
            return $v;
        }
        throw new DecodeError("$path: want a number, got " . get_debug_type($v));
    }

    public static function null(mixed $v, string $path): null
    {
        return $v === null ? null : throw new DecodeError("$path: want null, got " . get_debug_type($v));
    }

    /** One of the constants; a number by its value, as JSON Schema compares it (1.0 is the constant 1). */
    public static function oneOf(mixed $v, string $path, array $values): mixed
    {
        if (is_float($v) && floor($v) === $v && abs($v) <= 9007199254740991 && in_array((int) $v, $values, true)) {
            return (int) $v;
        }
        return in_array($v, $values, true) ? $v : throw new DecodeError("$path: not one of " . json_encode($values));
    }

    /**
     * @template T of \\BackedEnum
     * @param class-string<T> $enum
     * @return T
     */
    public static function enum(string $enum, mixed $v, string $path): \\BackedEnum
    {
        try {
            if (is_float($v) && floor($v) === $v && abs($v) <= 9007199254740991) {
                $v = (int) $v; // 2.0 is the integer 2, as for oneOf()
            }
            $case = is_string($v) || is_int($v) ? $enum::tryFrom($v) : null;
        } catch (\\TypeError) {
            $case = null; // an integer for a string-backed enum, or the other way round
        }
        return $case ?? throw new DecodeError("$path: " . json_encode($v) . " is not a " . $enum);
    }

    public static function list(mixed $v, string $path, callable $item): array
    {
        if (!is_array($v) || !array_is_list($v)) {
            throw new DecodeError("$path: want an array, got " . get_debug_type($v));
        }
        $out = [];
        foreach ($v as $i => $x) {
            $out[] = $item($x, "{$path}[$i]");
        }
        return $out;
    }

    /** @param list<callable> $items */
    public static function tuple(mixed $v, string $path, array $items): array
    {
        $out = self::list($v, $path, static fn (mixed $x) => $x);
        foreach ($items as $i => $item) {
            if (!array_key_exists($i, $out)) {
                throw new DecodeError("$path: want at least " . count($items) . " items");
            }
            $out[$i] = $item($out[$i], "{$path}[$i]");
        }
        return $out;
    }

    /** @return array<string, mixed> */
    public static function map(mixed $v, string $path, callable $value): array
    {
        $out = [];
        foreach (self::members($v, $path, [], null) as $k => $x) {
            $out[$k] = $value($x, "$path.$k");
        }
        return $out;
    }

    /** The first variant that decodes. */
    public static function anyOf(mixed $v, string $path, array $variants): mixed
    {
        $why = [];
        foreach ($variants as $variant) {
            try {
                return $variant($v, $path);
            } catch (DecodeError $e) {
                $why[] = $e->getMessage();
            }
        }
        throw new DecodeError("$path: matches no variant (" . implode('; ', $why) . ")");
    }

    /** A map as a JSON object, even when it is empty. */
    public static function object(array $members): \\stdClass
    {
        $out = new \\stdClass();
        foreach ($members as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
`,
    ],
  ]);

class PhpEmitter {
  readonly files = new Map<string, string>();
  private readonly t: PhpTypes;

  constructor(
    private readonly model: Model,
    private readonly ns: string,
    private readonly head: string,
  ) {
    this.t = new PhpTypes(model);
  }

  run(): Map<string, string> {
    for (const [f, text] of SUPPORT(this.ns, this.head)) this.files.set(f, text);
    for (const decl of this.model.decls) this.decl(decl);
    return this.files;
  }

  private put(name: string, body: string): void {
    this.files.set(`${this.t.className(name)}.php`, `${this.head}\nnamespace ${this.ns};\n\n${body}`);
  }

  private decl(decl: Decl): void {
    if (decl.kind === 'object') return this.put(decl.name, this.klass(decl));
    const kind = this.t.refKind(decl.name);
    const name = this.t.className(decl.name);
    const docLines = wrap(decl.doc, 92);
    if (kind === 'enum') {
      const values = (decl.type as Extract<TypeExpr, { kind: 'literal' }>).values as (string | number)[];
      const used = new Set<string>();
      const cases = values.map((v) => {
        let c = constantWord(v);
        for (let n = 2; used.has(c); n++) c = `${constantWord(v)}${n}`;
        used.add(c);
        return `    case ${c} = ${phpLiteral(v)};\n`;
      });
      this.put(decl.name, `${docBlock(docLines)}enum ${name}: ${enumBase(values)}\n{\n${cases.join('')}}\n`);
    } else if (kind === 'union') {
      const type = decl.type as Extract<TypeExpr, { kind: 'union' }>;
      const ret = this.t.type(type);
      this.put(
        decl.name,
        `${docBlock([...docLines, ...(docLines.length ? [''] : []), ...wrap(`One of: ${this.t.doc(type)}. This class only decodes it; the value is the variant's own object.`, 92)])}final class ${name}
{
    public static function fromJson(mixed $data, string $path = '$'): ${ret}
    {
        return ${this.t.decode(type, '$data', '$path', '        ')};
    }
}
`,
      );
    }
    // JSON values are `mixed`, other aliases are written inline where they are used.
  }

  /**
   * A member's schema facts (default, bounds) as class constants, CONTENT_BUDGET_DEFAULT and so on,
   * so that a program reads them from the generated code rather than copying them by hand.
   */
  private factConstants(fields: { f: ObjectDecl['fields'][number]; prop: string }[]): string {
    const used = new Set<string>();
    const blocks = fields.flatMap(({ f, prop }) => {
      if (!f.facts) return [];
      const base = prop.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
      const lines = FACT_KEYWORDS.filter((k) => f.facts![k] !== undefined).map((k) => {
        const word = `${base}_${k.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}`;
        let c = word;
        for (let n = 2; used.has(c); n++) c = `${word}${n}`;
        used.add(c);
        return `    public const ${c} = ${phpLiteral(f.facts![k]!)};\n`;
      });
      return [`    /** '${f.json}': ${FACT_KEYWORDS.filter((k) => f.facts![k] !== undefined).join(', ')} from the schema. */\n${lines.join('')}`];
    });
    return blocks.length === 0 ? '' : `${blocks.join('\n')}\n`;
  }

  private klass(decl: ObjectDecl): string {
    const name = this.t.className(decl.name);
    const used = new Set<string>();
    const fields = decl.fields.map((f) => {
      let prop = camelWords(f.json);
      for (let n = 2; used.has(prop) || prop === 'additionalMembers'; n++) prop = `${camelWords(f.json)}${n}`;
      used.add(prop);
      const constant = constantOf(this.model, f.type);
      const base = this.t.type(f.type);
      const type = f.required || base === 'mixed' ? base : `${base}|Absent`;
      const docType = f.required || base === 'mixed' ? this.t.doc(f.type) : `${this.t.doc(f.type)}|Absent`;
      return { f, prop, constant, type, docType };
    });
    const open = decl.extra !== null;
    // Required members first, then constants and optional members (they have defaults).
    const ordered = [
      ...fields.filter((x) => x.f.required && x.constant === undefined),
      ...fields.filter((x) => x.f.required && x.constant !== undefined),
      ...fields.filter((x) => !x.f.required),
    ];
    const params = ordered.map(({ prop, type, f, constant }) => {
      const dflt = f.required ? (constant !== undefined ? ` = ${phpLiteral(constant)}` : '') : ' = Absent::Value';
      return `        public ${type} $${prop}${dflt},\n`;
    });
    if (open) params.push(`        /** Members the schema does not name; the object is open to them. */\n        public array $additionalMembers = [],\n`);
    const paramDocs = ordered.flatMap(({ prop, docType, f }) => {
      const text = [f.required ? '' : 'Absent::Value when absent.', f.doc?.replace(/\s+/g, ' ') ?? ''].filter(Boolean).join(' ');
      // Within the line limit after "     * "; continuation lines indented under the tag.
      const [first = '', ...rest] = wrap(`@param ${docType} $${prop}${text ? ` ${text}` : ''}`, PHP_LINE_LIMIT - 7);
      return [first, ...wrap(rest.join(' '), PHP_LINE_LIMIT - 11).map((l) => `    ${l}`)];
    });
    if (open) paramDocs.push('@param array<string, mixed> $additionalMembers');
    const required = decl.fields.filter((f) => f.required).map((f) => q(f.json));
    const known = open ? 'null' : `[${decl.fields.map((f) => q(f.json)).join(', ')}]`;
    const args = ordered.map(({ f, prop }) => {
      const path = `$path . ${q(`.${f.json}`)}`;
      const get = `$m[${q(f.json)}]`;
      const dec = this.t.decode(f.type, get, path);
      return f.required ? `            ${prop}: ${dec},\n` : `            ${prop}: array_key_exists(${q(f.json)}, $m) ? ${dec} : Absent::Value,\n`;
    });
    if (open) args.push(`            additionalMembers: array_diff_key($m, array_flip([${decl.fields.map((f) => q(f.json)).join(', ')}])),\n`);
    const constChecks = fields
      .filter((x) => x.constant !== undefined)
      .map(
        ({ f, prop }) =>
          `        if ($this->${prop} !== ${phpLiteral(constantOf(this.model, f.type)!)}) {\n            throw new DecodeError(${q(`${name}: member '${f.json}' must be ${JSON.stringify(constantOf(this.model, f.type))}`)});\n        }\n`,
      );
    const ser = fields.map(({ f, prop }) => {
      const value = this.t.encode(f.type, `$this->${prop}`);
      const set = `$out->{${q(f.json)}} = ${value};`;
      return f.required ? `        ${set}\n` : `        if (!$this->${prop} instanceof Absent) {\n            ${set}\n        }\n`;
    });
    if (open) ser.push(`        foreach ($this->additionalMembers as $k => $x) {\n            $out->{$k} = $x;\n        }\n`);
    const docLines = wrap(decl.doc, 92);
    return `${docBlock(docLines)}final readonly class ${name} implements \\JsonSerializable
{
${this.factConstants(fields)}${docBlock(paramDocs, '    ')}    public function __construct(
${params.join('')}    ) {
${constChecks.join('')}    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, [${required.join(', ')}], ${known});
        return new self(
${args.join('')}        );
    }

    public function jsonSerialize(): \\stdClass
    {
        $out = new \\stdClass();
${ser.join('')}        return $out;
    }
}
`;
  }
}

export function emitPhp(model: Model, options: PhpOptions, header: HeaderInput): Map<string, string> {
  const parts = options.namespace.split('\\');
  if (!parts.every((p) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(p) && !RESERVED.has(p.toLowerCase())))
    throw new Error(`--namespace ${JSON.stringify(options.namespace)} is not a PHP namespace (Name\\Name, letters, digits, _; no reserved word)`);
  const head = `<?php\n\n${headerLines(header)
    .map((l) => `// ${l}\n`)
    .join('')}\ndeclare(strict_types=1);\n`;
  const files = new PhpEmitter(model, options.namespace, head).run();
  return new Map([...files].map(([name, text]) => [name, fitPhpLines(text)]));
}
