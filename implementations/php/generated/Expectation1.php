<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class Expectation1 implements \JsonSerializable
{
    /**
     * @param Expectation1Error $error
     */
    public function __construct(
        public Expectation1Error $error,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['error'], ['error']);
        return new self(
            error: Expectation1Error::fromJson($m['error'], $path . '.error'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'error'} = $this->error;
        return $out;
    }
}
