<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class Expectation0 implements \JsonSerializable
{
    /**
     * @param array<string, mixed> $output
     */
    public function __construct(
        public array $output,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['output'], ['output']);
        return new self(
            output: Json::map($m['output'], $path . '.output', static fn (mixed $x1, string $p1) => $x1),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'output'} = Json::object($this->output);
        return $out;
    }
}
