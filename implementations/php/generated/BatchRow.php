<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * One call of a batch: [callId, digest, replayed] when it answered, [callId, null, false,
 * code, message] when it failed.
 *
 * One of: array{0: string, 1: string, 2: bool}|array{0: string, 1: null, 2: false, 3: string,
 * 4: string}. This class only decodes it; the value is the variant's own object.
 */
final class BatchRow
{
    public static function fromJson(mixed $data, string $path = '$'): array
    {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => Json::tuple(
                $x1,
                $p1,
                [
                    static fn (mixed $x2, string $p2) => Json::string($x2, $p2),
                    static fn (mixed $x2, string $p2) => Json::string($x2, $p2),
                    static fn (mixed $x2, string $p2) => Json::bool($x2, $p2),
                ],
            ),
            static fn (mixed $x1, string $p1) => Json::tuple(
                $x1,
                $p1,
                [
                    static fn (mixed $x2, string $p2) => Json::string($x2, $p2),
                    static fn (mixed $x2, string $p2) => Json::null($x2, $p2),
                    static fn (mixed $x2, string $p2) => Json::oneOf($x2, $p2, [false]),
                    static fn (mixed $x2, string $p2) => Json::string($x2, $p2),
                    static fn (mixed $x2, string $p2) => Json::string($x2, $p2),
                ],
            ),
        ]);
    }
}
