<?php

declare(strict_types=1);

namespace ToolResult\Kit;

/**
 * A `bigint` tag beyond PHP's 64-bit int (PHP has no arbitrary-precision integer without GMP): an
 * instance of a class, so an unencodable node to the bounder and an unsupported local value, as a
 * BigInt is. Within the int range a bigint tag is a PHP int, which is beyond ±(2^53 − 1) and so
 * unencodable too (the kit sends no other).
 */
final readonly class BigInteger
{
    public function __construct(public string $digits)
    {
    }
}
