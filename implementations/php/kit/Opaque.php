<?php

declare(strict_types=1);

namespace ToolResult\Kit;

use ToolResult\Model\Absent;

/**
 * The PHP value for each opaque kind of spec §9.2. To the bounder every one is an unencodable node
 * (it enters only arrays and stdClass). To a normalizer, an object whose reading runs code (__get,
 * JsonSerializable) is an object without data fields, and any other instance (or resource) is not an object.
 */
final class Opaque
{
    public static function make(string $kind): mixed
    {
        return match ($kind) {
            'undefined' => Absent::Value,
            'function' => static fn (): string => 'function',
            'symbol' => new class () {
            },
            'date' => new \DateTimeImmutable('@0'),
            'map' => new \ArrayObject(['k' => 'v']),
            'set' => new \SplObjectStorage(),
            'bytes-object' => self::bytes(),
            'class-instance' => new OpaqueInstance(),
            'proxy' => new OpaqueProxy(),
            'getter' => new OpaqueGetter(false),
            'throwing-getter' => new OpaqueGetter(true),
            'to-json' => new OpaqueToJson(),
            // PHP has no key that is not a string (an integer key is a numeric string, §3.3): the
            // closest value of the same reading, an object without data fields, is a map of integer
            // keys that only its own code can produce.
            'non-string-key' => new OpaqueIntegerKeys(),
            default => throw new BadInput('unknown opaque kind'),
        };
    }

    /** PHP has no byte array (strings are octets): the closest is a stream of octets in memory. */
    private static function bytes(): mixed
    {
        $h = fopen('php://memory', 'r+');
        fwrite($h, 'hi');
        rewind($h);
        return $h;
    }
}
