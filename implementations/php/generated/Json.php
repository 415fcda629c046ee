<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/** Strict decoding of json_decode() output, shared by the generated types. */
final class Json
{
    /** @return array<string, mixed> the members of an object, after checking required and (for a closed object) unknown ones */
    public static function members(mixed $v, string $path, array $required, ?array $known): array
    {
        if ($v instanceof \stdClass) {
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
     * @template T of \BackedEnum
     * @param class-string<T> $enum
     * @return T
     */
    public static function enum(string $enum, mixed $v, string $path): \BackedEnum
    {
        try {
            if (is_float($v) && floor($v) === $v && abs($v) <= 9007199254740991) {
                $v = (int) $v; // 2.0 is the integer 2, as for oneOf()
            }
            $case = is_string($v) || is_int($v) ? $enum::tryFrom($v) : null;
        } catch (\TypeError) {
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
    public static function object(array $members): \stdClass
    {
        $out = new \stdClass();
        foreach ($members as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
