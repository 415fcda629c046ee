<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Json\CanonicalJson;
use ToolResult\Json\JsonData;

/**
 * The output-schema check of §10.5: JSON Schema 2020-12 (MCP's default) or draft-07, chosen by
 * `$schema`; any other dialect, a schema that does not compile and a `$ref` that cannot be resolved
 * inside the schema fail the check. `format` is an annotation. Nothing is fetched.
 */
final class JsonSchema
{
    private const D2020 = 'https://json-schema.org/draft/2020-12/schema';
    private const D7 = 'http://json-schema.org/draft-07/schema';
    /** The keywords whose value is one subschema (an object), walked when collecting the schema's resources. */
    /** Keywords whose value is an object of subschemas. */
    private const SCHEMA_MAPS = [
        'properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies',
    ];

    private const SCHEMA_VALUED = [
        'not', 'if', 'then', 'else', 'contains', 'additionalProperties', 'propertyNames', 'items', 'additionalItems',
        'unevaluatedItems', 'unevaluatedProperties', 'contentSchema',
    ];

    /**
     * TR-NORM-65.3: each evaluation of a schema against a value is one step, and so is each item of
     * a `uniqueItems: true` list; the check stops when it would take step 16,385 (2^14 allowed, the
     * one limit of every implementation), which is not a pass.
     */
    public const STEP_LIMIT = 16384;

    private int $steps = 0;

    /** @var array<string,mixed> absolute URI (with fragment for anchors) => schema */
    private array $resources = [];

    /** @var list<array{0:string,1:string}> every $ref the index met, with the base it resolves against */
    private array $refs = [];

    private function __construct(private readonly string $dialect)
    {
    }

    public static function accepts(mixed $schema, mixed $value): bool
    {
        try {
            $dialect = self::dialect($schema);
            SchemaForms::check($schema, $dialect);
            $v = new self($dialect);
            $v->index($schema, 'urn:toolresult:root');
            // Every $ref resolves before any value is checked: one that resolves nowhere refuses the
            // schema whether or not the value would lead evaluation to it (TR-NORM-82).
            foreach ($v->refs as [$ref, $base]) {
                $v->resolveRef($ref, $base);
            }
            return $v->validate($schema, $value, 'urn:toolresult:root') !== null;
        } catch (SchemaInvalid) {
            return false;
        }
    }

    private static function dialect(mixed $schema): string
    {
        if (is_bool($schema)) {
            return '2020';
        }
        if (!JsonData::isObject($schema)) {
            throw new SchemaInvalid('not a schema');
        }
        [$has, $uri] = JsonData::member($schema, '$schema');
        if (!$has) {
            return '2020';
        }
        if (!is_string($uri)) {
            throw new SchemaInvalid('$schema');
        }
        $uri = rtrim($uri, '#');
        return match ($uri) {
            self::D2020 => '2020',
            self::D7 => '7',
            default => throw new SchemaInvalid('dialect'),
        };
    }

    // ------------------------------------------------------------------ $id, $anchor and $ref

    /** Records every resource ($id) and anchor by absolute URI, and the root by its base. */
    private function index(mixed $root, string $base): void
    {
        $stack = [[$root, $base, '']];
        $keywords = SchemaForms::keywords($this->dialect);
        while ($stack !== []) {
            [$s, $base, $pointer] = array_pop($stack);
            if (!JsonData::isObject($s)) {
                continue;
            }
            $m = self::members($s);
            if (is_string($m['$id'] ?? null)) {
                $id = $m['$id'];
                if ($this->dialect === '7' && str_starts_with($id, '#')) {
                    $this->resources[self::stripFragment($base) . $id] = $s; // a draft-07 plain-name anchor
                } else {
                    $base = self::resolve($base, $id);
                    $this->resources[self::stripFragment($base)] = $s;
                }
            }
            if (is_string($m['$ref'] ?? null)) {
                $this->refs[] = [$m['$ref'], $base];
            }
            if ($pointer === '') {
                $this->resources[self::stripFragment($base)] ??= $s;
            }
            if ($this->dialect === '2020' && is_string($m['$anchor'] ?? null)) { // draft-07 has no $anchor
                $this->resources[self::stripFragment($base) . '#' . $m['$anchor']] = $s;
            }
            foreach ($m as $k => $v) {
                $k = (string) $k;
                if (!isset($keywords[$k]) || in_array($k, ['enum', 'const', 'default', 'examples'], true)) {
                    continue;
                }
                if (JsonData::isObject($v) || is_array($v)) {
                    foreach (JsonData::isList($v) ? $v : self::members($v) as $x) {
                        $stack[] = [$x, $base, $pointer . '/' . $k];
                    }
                    if (JsonData::isObject($v) && in_array($k, self::SCHEMA_VALUED, true)) {
                        $stack[] = [$v, $base, $pointer . '/' . $k];
                    }
                }
            }
        }
    }

    /**
     * @return array{0:mixed,1:string,2:bool} the schema a $ref names, its base, and whether that base
     * already is the one its own $id gives (a resource or an anchor named by its URI), so that the
     * $id is not resolved a second time against itself
     */
    private function resolveRef(string $ref, string $base): array
    {
        $uri = self::resolve($base, $ref);
        $hash = strpos($uri, '#');
        $doc = $hash === false ? $uri : substr($uri, 0, $hash);
        $fragment = $hash === false ? '' : substr($uri, $hash + 1);
        if (!array_key_exists($doc, $this->resources)) {
            throw new SchemaInvalid('unresolvable $ref');
        }
        $target = $this->resources[$doc];
        if ($fragment === '') {
            return [$target, $doc, true];
        }
        if ($fragment[0] !== '/') {
            if (!array_key_exists($doc . '#' . $fragment, $this->resources)) {
                throw new SchemaInvalid('unresolvable anchor');
            }
            return [$this->resources[$doc . '#' . $fragment], $doc, true];
        }
        foreach (explode('/', substr($fragment, 1)) as $token) {
            $token = str_replace(['~1', '~0'], ['/', '~'], rawurldecode($token));
            if (JsonData::isList($target) && ctype_digit($token) && array_key_exists((int) $token, $target)) {
                $target = $target[(int) $token];
                continue;
            }
            if (!JsonData::isObject($target)) {
                throw new SchemaInvalid('unresolvable pointer');
            }
            [$has, $next] = JsonData::member($target, $token);
            if (!$has) {
                throw new SchemaInvalid('unresolvable pointer');
            }
            $target = $next;
        }
        SchemaForms::check($target, $this->dialect);
        return [self::withoutIds($target), $doc, false];
    }

    /**
     * A schema a pointer reached, without the $id and $anchor of it and its subschemas: they sat in
     * data the dialect ignores, so they name nothing and set no base; its $ref values resolve against
     * the resource the pointer started from (TR-NORM-82).
     */
    private static function withoutIds(mixed $s): mixed
    {
        if (!JsonData::isObject($s)) {
            return $s;
        }
        $each = static fn (array $list): array => array_map(self::withoutIds(...), $list);
        $out = new \stdClass();
        foreach (JsonData::entries($s) as [$k, $v]) {
            $k = (string) $k;
            if ($k === '$id' || $k === '$anchor') {
                continue;
            }
            if (in_array($k, self::SCHEMA_VALUED, true)) {
                $v = JsonData::isList($v) ? $each($v) : self::withoutIds($v);
            } elseif (in_array($k, self::SCHEMA_MAPS, true) && JsonData::isObject($v)) {
                $map = new \stdClass();
                foreach (JsonData::entries($v) as [$name, $sub]) {
                    $map->{(string) $name} = self::withoutIds($sub);
                }
                $v = $map;
            } elseif (in_array($k, ['allOf', 'anyOf', 'oneOf', 'prefixItems'], true) && JsonData::isList($v)) {
                $v = $each($v);
            }
            $out->{$k} = $v;
        }
        return $out;
    }

    private static function stripFragment(string $uri): string
    {
        $hash = strpos($uri, '#');
        return $hash === false ? $uri : substr($uri, 0, $hash);
    }

    /** RFC 3986 reference resolution, enough for schema ids. */
    private static function resolve(string $base, string $ref): string
    {
        if ($ref === '') {
            return $base;
        }
        if (self::schemeLength($ref) > 0) {
            return $ref;
        }
        if ($ref[0] === '#') {
            return self::stripFragment($base) . $ref;
        }
        $b = self::stripFragment($base);
        $scheme = self::schemeLength($b);
        if (str_starts_with($ref, '//')) {
            return substr($b, 0, $scheme) . $ref;
        }
        if ($scheme === 0) {
            return $ref;
        }
        // [1]: scheme ':' and any '//' authority; [2]: the path, up to '?' or '#'.
        $authority = substr_compare($b, '//', $scheme, 2) === 0 ? 2 + strcspn($b, '/?#', $scheme + 2) : 0;
        $m = [1 => substr($b, 0, $scheme + $authority)];
        $m[2] = substr($b, $scheme + $authority, strcspn($b, '?#', $scheme + $authority));
        if ($ref[0] === '/') {
            return $m[1] . $ref;
        }
        $dir = substr($m[2], 0, (int) strrpos($m[2], '/') + 1);
        $path = $dir . $ref;
        $out = [];
        foreach (explode('/', $path) as $seg) {
            if ($seg === '..') {
                array_pop($out);
            } elseif ($seg !== '.') {
                $out[] = $seg;
            }
        }
        return $m[1] . implode('/', $out);
    }

    /** The length of `scheme:` at the start of $uri (RFC 3986 §3.1), or 0; a scan, not a regex. */
    private static function schemeLength(string $uri): int
    {
        if ($uri === '' || !ctype_alpha($uri[0])) {
            return 0;
        }
        $k = 1 + strspn($uri, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+.-', 1);
        return ($uri[$k] ?? '') === ':' ? $k + 1 : 0;
    }

    // ------------------------------------------------------------------ validation

    private static function members(\stdClass|array $o): array
    {
        $m = [];
        foreach (JsonData::entries($o) as [$k, $v]) {
            $m[(string) $k] = $v;
        }
        return $m;
    }

    /**
     * Validates $v. Returns null when invalid, else the annotations that unevaluatedProperties and
     * unevaluatedItems read: ['props' => names evaluated, 'items' => indices evaluated, 'all' => all items].
     */
    private int $depth = 0;

    private function validate(mixed $schema, mixed $v, string $base, bool $baseIsOwn = false): ?array
    {
        $this->step();
        // A $ref that leads back to itself on the same value would never end: past this many nested
        // evaluations the schema is taken not to compile.
        if (++$this->depth > 2000) {
            throw new SchemaInvalid('evaluation too deep');
        }
        try {
            return $this->evaluate($schema, $v, $base, $baseIsOwn);
        } finally {
            $this->depth--;
        }
    }

    /** Counts work (TR-NORM-65.3); a check that stops fails like one that cannot run (TR-NORM-32). */
    private function step(int $count = 1): void
    {
        $this->steps += $count;
        if ($this->steps > self::STEP_LIMIT) {
            throw new SchemaInvalid('work limit reached');
        }
    }

    private function evaluate(mixed $schema, mixed $v, string $base, bool $baseIsOwn): ?array
    {
        $ann = ['props' => [], 'items' => [], 'all' => false];
        if ($schema === true) {
            return $ann;
        }
        if ($schema === false) {
            return null;
        }
        $s = self::members($schema);
        $id = $s['$id'] ?? null;
        if (!$baseIsOwn && is_string($id) && !($this->dialect === '7' && str_starts_with($id, '#'))) {
            $base = self::resolve($base, $id);
        }
        $isObject = JsonData::isObject($v);
        $isArray = JsonData::isList($v);
        $merge = static function (array &$ann, array $sub): void {
            $ann['props'] += $sub['props'];
            $ann['items'] += $sub['items'];
            $ann['all'] = $ann['all'] || $sub['all'];
        };

        if (is_string($s['$ref'] ?? null)) {
            [$target, $tbase, $own] = $this->resolveRef($s['$ref'], $base);
            $sub = $this->validate($target, $v, $tbase, $own);
            if ($sub === null) {
                return null;
            }
            $merge($ann, $sub);
        }
        if (array_key_exists('type', $s) && !self::hasType($v, $s['type'])) {
            return null;
        }
        if (array_key_exists('enum', $s)) {
            $found = false;
            foreach ($s['enum'] as $e) {
                $found = $found || JsonData::equal($e, $v);
            }
            if (!$found) {
                return null;
            }
        }
        if (array_key_exists('const', $s) && !JsonData::equal($s['const'], $v)) {
            return null;
        }
        if ((is_int($v) || is_float($v)) && !self::numberOk($s, $v)) {
            return null;
        }
        if (is_string($v)) {
            $len = mb_strlen($v, 'UTF-8');
            if (
                (isset($s['maxLength']) && $len > $s['maxLength'])
                || (isset($s['minLength']) && $len < $s['minLength'])
            ) {
                return null;
            }
            if (is_string($s['pattern'] ?? null) && !Pattern::matches(Pattern::compile($s['pattern']), $v)) {
                return null;
            }
        }
        foreach (['allOf', 'anyOf', 'oneOf'] as $k) {
            if (!isset($s[$k])) {
                continue;
            }
            $passed = 0;
            foreach ($s[$k] as $sub) {
                $r = $this->validate($sub, $v, $base);
                if ($r !== null) {
                    $passed++;
                    $merge($ann, $r);
                } elseif ($k === 'allOf') {
                    return null;
                }
            }
            if (($k === 'anyOf' && $passed === 0) || ($k === 'oneOf' && $passed !== 1)) {
                return null;
            }
        }
        if (array_key_exists('not', $s) && $this->validate($s['not'], $v, $base) !== null) {
            return null;
        }
        if (array_key_exists('if', $s)) {
            $r = $this->validate($s['if'], $v, $base);
            if ($r !== null) {
                $merge($ann, $r);
                if (array_key_exists('then', $s)) {
                    $t = $this->validate($s['then'], $v, $base);
                    if ($t === null) {
                        return null;
                    }
                    $merge($ann, $t);
                }
            } elseif (array_key_exists('else', $s)) {
                $e = $this->validate($s['else'], $v, $base);
                if ($e === null) {
                    return null;
                }
                $merge($ann, $e);
            }
        }
        if ($isObject && !$this->objectOk($s, self::members($v), $base, $ann, $merge)) {
            return null;
        }
        if ($isArray && !$this->arrayOk($s, $v, $base, $ann, $merge)) {
            return null;
        }
        return $ann;
    }

    private static function hasType(mixed $v, mixed $type): bool
    {
        foreach ((array) $type as $t) {
            $ok = match ($t) {
                'null' => $v === null,
                'boolean' => is_bool($v),
                'object' => JsonData::isObject($v),
                'array' => JsonData::isList($v),
                'string' => is_string($v),
                'number' => is_int($v) || is_float($v),
                'integer' => is_int($v) || (is_float($v) && is_finite($v) && floor($v) === $v),
                default => false,
            };
            if ($ok) {
                return true;
            }
        }
        return false;
    }

    private static function numberOk(array $s, int|float $v): bool
    {
        $num = static fn (string $k): mixed => isset($s[$k]) && (is_int($s[$k]) || is_float($s[$k])) ? $s[$k] : null;
        if (($m = $num('maximum')) !== null && $v > $m) {
            return false;
        }
        if (($m = $num('minimum')) !== null && $v < $m) {
            return false;
        }
        if (($m = $num('exclusiveMaximum')) !== null && $v >= $m) {
            return false;
        }
        if (($m = $num('exclusiveMinimum')) !== null && $v <= $m) {
            return false;
        }
        if (($m = $num('multipleOf')) !== null) {
            $q = $v / $m;
            // The float rule, as Ajv runs it: the double quotient is an integer below 10^21 in
            // absolute value (beyond it JavaScript writes it with an exponent and Ajv's parseInt
            // reads back only its first digits).
            if (!is_finite($q) || floor($q) != $q || abs($q) >= 1e21) {
                return false;
            }
        }
        return true;
    }

    private function objectOk(array $s, array $m, string $base, array &$ann, \Closure $merge): bool
    {
        if (
            (isset($s['maxProperties']) && count($m) > $s['maxProperties'])
            || (isset($s['minProperties']) && count($m) < $s['minProperties'])
        ) {
            return false;
        }
        foreach ($s['required'] ?? [] as $name) {
            if (!array_key_exists($name, $m)) {
                return false;
            }
        }
        foreach ($this->dialect === '2020' ? self::members($s['dependentRequired'] ?? []) : [] as $name => $needs) {
            if (array_key_exists($name, $m)) {
                foreach ($needs as $n) {
                    if (!array_key_exists($n, $m)) {
                        return false;
                    }
                }
            }
        }
        foreach (self::members($s['dependencies'] ?? []) as $name => $dep) {
            if (!array_key_exists($name, $m)) {
                continue;
            }
            if (JsonData::isList($dep)) {
                foreach ($dep as $n) {
                    if (!array_key_exists($n, $m)) {
                        return false;
                    }
                }
            } else {
                $r = $this->validate($dep, self::rebuild($m), $base);
                if ($r === null) {
                    return false;
                }
                $merge($ann, $r);
            }
        }
        foreach ($this->dialect === '2020' ? self::members($s['dependentSchemas'] ?? []) : [] as $name => $dep) {
            if (array_key_exists($name, $m)) {
                $r = $this->validate($dep, self::rebuild($m), $base);
                if ($r === null) {
                    return false;
                }
                $merge($ann, $r);
            }
        }
        $props = self::members($s['properties'] ?? []);
        $patterns = [];
        foreach (self::members($s['patternProperties'] ?? []) as $p => $sub) {
            $patterns[] = [Pattern::compile((string) $p), $sub];
        }
        foreach ($m as $name => $value) {
            $name = (string) $name;
            $matched = false;
            if (array_key_exists($name, $props)) {
                $matched = true;
                if ($this->validate($props[$name], $value, $base) === null) {
                    return false;
                }
            }
            foreach ($patterns as [$re, $sub]) {
                if (Pattern::matches($re, $name)) {
                    $matched = true;
                    if ($this->validate($sub, $value, $base) === null) {
                        return false;
                    }
                }
            }
            if ($matched) {
                $ann['props'][$name] = true;
            } elseif (array_key_exists('additionalProperties', $s)) {
                if ($this->validate($s['additionalProperties'], $value, $base) === null) {
                    return false;
                }
                $ann['props'][$name] = true;
            }
            if (array_key_exists('propertyNames', $s) && $this->validate($s['propertyNames'], $name, $base) === null) {
                return false;
            }
        }
        if ($this->dialect === '2020' && array_key_exists('unevaluatedProperties', $s)) {
            foreach ($m as $name => $value) {
                if (!isset($ann['props'][(string) $name])) {
                    if ($this->validate($s['unevaluatedProperties'], $value, $base) === null) {
                        return false;
                    }
                    $ann['props'][(string) $name] = true;
                }
            }
        }
        return true;
    }

    private static function rebuild(array $m): \stdClass|array
    {
        $pairs = [];
        foreach ($m as $k => $v) {
            $pairs[] = [(string) $k, $v];
        }
        return JsonData::makeObject($pairs);
    }

    private function arrayOk(array $s, array $v, string $base, array &$ann, \Closure $merge): bool
    {
        $n = count($v);
        if ((isset($s['maxItems']) && $n > $s['maxItems']) || (isset($s['minItems']) && $n < $s['minItems'])) {
            return false;
        }
        if (($s['uniqueItems'] ?? false) === true) {
            // TR-NORM-65.2: canonical texts (RFC 8785) in a set, linear in the list, not every pair;
            // equal JSON values (1 and 1.0, members in any order) have equal canonical text.
            $this->step($n);
            $seen = [];
            foreach ($v as $item) {
                $key = CanonicalJson::encode($item);
                if (isset($seen[$key])) {
                    return false;
                }
                $seen[$key] = true;
            }
        }
        $prefix = [];
        $rest = null;
        if ($this->dialect === '2020') {
            $prefix = $s['prefixItems'] ?? [];
            $rest = array_key_exists('items', $s) ? [$s['items']] : null;
        } elseif (array_key_exists('items', $s)) {
            if (JsonData::isList($s['items'])) {
                $prefix = $s['items'];
                $rest = array_key_exists('additionalItems', $s) ? [$s['additionalItems']] : null;
            } else {
                $rest = [$s['items']];
            }
        }
        foreach ($v as $i => $item) {
            if ($i < count($prefix)) {
                if ($this->validate($prefix[$i], $item, $base) === null) {
                    return false;
                }
                $ann['items'][$i] = true;
            } elseif ($rest !== null) {
                if ($this->validate($rest[0], $item, $base) === null) {
                    return false;
                }
                $ann['all'] = true;
            }
        }
        if (array_key_exists('contains', $s)) {
            $count = 0;
            foreach ($v as $i => $item) {
                if ($this->validate($s['contains'], $item, $base) !== null) {
                    $count++;
                    $ann['items'][$i] = true;
                }
            }
            $min = $this->dialect === '2020' && isset($s['minContains']) ? $s['minContains'] : 1;
            $overMax = $this->dialect === '2020' && isset($s['maxContains']) && $count > $s['maxContains'];
            if ($count < $min || $overMax) {
                return false;
            }
        }
        if ($this->dialect === '2020' && array_key_exists('unevaluatedItems', $s) && !$ann['all']) {
            foreach ($v as $i => $item) {
                if (!isset($ann['items'][$i])) {
                    if ($this->validate($s['unevaluatedItems'], $item, $base) === null) {
                        return false;
                    }
                }
            }
            $ann['all'] = true;
        }
        return true;
    }
}
