<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class NormalizeResultOutput implements \JsonSerializable
{
    /**
     * @param array<string, mixed> $result tool-result.schema.json
     */
    public function __construct(
        public array $result,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['result'], ['result']);
        return new self(
            result: Json::map($m['result'], $path . '.result', static fn (mixed $x1, string $p1) => $x1),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'result'} = Json::object($this->result);
        return $out;
    }
}
