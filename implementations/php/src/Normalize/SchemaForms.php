<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Json\JsonData;

/**
 * Whether a schema compiles (§10.5): it is an object or a boolean, and every keyword its dialect
 * defines (its meta-schema's, as Ajv ships it, annotations included) has the form that meta-schema
 * requires; 2020-12 `$dynamicRef`, `$recursiveRef` and `$recursiveAnchor` are not evaluated and fail.
 * Keywords a dialect does not define are ignored, and so are the values under them. The empty PHP
 * array is the empty list, never an empty object (spec §3.3).
 */
final class SchemaForms
{
    private const TYPES = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'];

    /** Keyword => form, for both dialects; then what each dialect adds or changes. */
    private const COMMON = [
        '$id' => 'string', '$ref' => 'string', '$schema' => 'string', '$comment' => 'string',
        'title' => 'string', 'description' => 'string', 'default' => 'any', 'readOnly' => 'bool',
        'examples' => 'array', 'format' => 'string',
        'contentEncoding' => 'string', 'contentMediaType' => 'string',
        'type' => 'type', 'enum' => 'array', 'const' => 'any', 'multipleOf' => 'positive',
        'maximum' => 'number', 'exclusiveMaximum' => 'number', 'minimum' => 'number', 'exclusiveMinimum' => 'number',
        'maxLength' => 'count', 'minLength' => 'count', 'pattern' => 'regex',
        'maxItems' => 'count', 'minItems' => 'count',
        'uniqueItems' => 'bool', 'maxProperties' => 'count', 'minProperties' => 'count', 'required' => 'strings',
        'properties' => 'schemaMap', 'patternProperties' => 'patternMap', 'additionalProperties' => 'schema',
        'propertyNames' => 'schema', 'contains' => 'schema', 'not' => 'schema', 'if' => 'schema', 'then' => 'schema',
        'else' => 'schema', 'allOf' => 'schemaList', 'anyOf' => 'schemaList', 'oneOf' => 'schemaList',
    ];
    private const DRAFT2020 = [
        '$defs' => 'schemaMap', '$anchor' => 'anchor', '$dynamicAnchor' => 'anchor', '$vocabulary' => 'boolMap',
        'deprecated' => 'bool', 'writeOnly' => 'bool', 'contentSchema' => 'schema',
        'maxContains' => 'count', 'minContains' => 'count',
        'dependentRequired' => 'stringsMap', 'dependentSchemas' => 'schemaMap', 'prefixItems' => 'schemaList',
        'items' => 'schema', 'unevaluatedItems' => 'schema', 'unevaluatedProperties' => 'schema',
        // Kept by the 2020-12 meta-schema from earlier drafts (dependencies applies as in draft-07).
        'definitions' => 'schemaMap', 'dependencies' => 'dependencies',
        // Not evaluated by this check: a schema that uses one of them fails.
        '$dynamicRef' => 'never', '$recursiveRef' => 'never', '$recursiveAnchor' => 'never',
    ];
    private const DRAFT7 = [
        'definitions' => 'schemaMap', 'items' => 'schemaOrList', 'additionalItems' => 'schema',
        'dependencies' => 'dependencies',
    ];

    public static function keywords(string $dialect): array
    {
        return self::COMMON + ($dialect === '2020' ? self::DRAFT2020 : self::DRAFT7);
    }

    /** Checks a schema and every subschema under a defined keyword, with its own stack. */
    public static function check(mixed $root, string $dialect): void
    {
        $known = self::keywords($dialect);
        $stack = [$root];
        while ($stack !== []) {
            $s = array_pop($stack);
            if (is_bool($s)) {
                continue;
            }
            if (!JsonData::isObject($s)) {
                throw new SchemaInvalid('a schema is an object or a boolean');
            }
            foreach (JsonData::entries($s) as [$k, $v]) {
                $k = (string) $k;
                if (!isset($known[$k])) {
                    continue;
                }
                $idBody = is_string($v) && str_ends_with($v, '#') ? substr($v, 0, -1) : $v;
                if ($k === '$id' && $dialect === '2020' && is_string($idBody) && str_contains($idBody, '#')) {
                    throw new SchemaInvalid('a 2020-12 $id has no fragment but an empty one');
                }
                foreach (self::form($known[$k], $v) as $sub) {
                    $stack[] = $sub;
                }
            }
        }
    }

    /** @return list<mixed> the subschemas inside a keyword's value, once its form is right */
    private static function form(string $form, mixed $v): array
    {
        $fail = static fn () => throw new SchemaInvalid('a keyword has the wrong form');
        switch ($form) {
            case 'any':
                return [];
            case 'never':
                throw new SchemaInvalid('$dynamicRef, $recursiveRef and $recursiveAnchor are not evaluated');
            case 'string':
                return is_string($v) ? [] : $fail();
            case 'bool':
                return is_bool($v) ? [] : $fail();
            case 'array':
                return JsonData::isList($v) ? [] : $fail();
            case 'number':
                return is_int($v) || is_float($v) ? [] : $fail();
            case 'positive':
                return (is_int($v) || is_float($v)) && $v > 0 ? [] : $fail();
            case 'count':
                return (is_int($v) || (is_float($v) && floor($v) === $v)) && $v >= 0 ? [] : $fail();
            case 'regex':
                return is_string($v) && Pattern::compile($v) !== null ? [] : $fail();
            case 'anchor':
                $nameChars = '-ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._';
                return is_string($v) && $v !== '' && (ctype_alpha($v[0]) || $v[0] === '_')
                    && strspn($v, $nameChars) === strlen($v) ? [] : $fail();
            case 'type':
                if (is_string($v)) {
                    return in_array($v, self::TYPES, true) ? [] : $fail();
                }
                $distinct = JsonData::isList($v) && count(array_unique(array_map('serialize', $v))) === count($v);
                if (!$distinct || $v === []) {
                    return $fail();
                }
                foreach ($v as $t) {
                    if (!in_array($t, self::TYPES, true)) {
                        return $fail();
                    }
                }
                return [];
            case 'strings':
                if (!JsonData::isList($v)) {
                    return $fail();
                }
                foreach ($v as $x) {
                    if (!is_string($x)) {
                        return $fail();
                    }
                }
                return count(array_unique($v)) === count($v) ? [] : $fail();
            case 'stringsMap':
                if (!JsonData::isObject($v)) {
                    return $fail();
                }
                foreach (JsonData::entries($v) as [, $x]) {
                    self::form('strings', $x);
                }
                return [];
            case 'boolMap':
                if (!JsonData::isObject($v)) {
                    return $fail();
                }
                foreach (JsonData::entries($v) as [, $x]) {
                    self::form('bool', $x);
                }
                return [];
            case 'schema':
                return [$v];
            case 'schemaList':
                return JsonData::isList($v) && $v !== [] ? $v : $fail();
            case 'schemaOrList':
                return JsonData::isList($v) ? ($v !== [] ? $v : $fail()) : [$v];
            case 'schemaMap':
            case 'patternMap':
                if (!JsonData::isObject($v)) {
                    return $fail();
                }
                $subs = [];
                foreach (JsonData::entries($v) as [$k, $x]) {
                    if ($form === 'patternMap' && Pattern::compile((string) $k) === null) {
                        return $fail();
                    }
                    $subs[] = $x;
                }
                return $subs;
            case 'dependencies':
                if (!JsonData::isObject($v)) {
                    return $fail();
                }
                $subs = [];
                foreach (JsonData::entries($v) as [, $x]) {
                    if (JsonData::isList($x)) {
                        self::form('strings', $x);
                    } else {
                        $subs[] = $x;
                    }
                }
                return $subs;
        }
        return $fail();
    }
}
