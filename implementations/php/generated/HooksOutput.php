<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class HooksOutput implements \JsonSerializable
{
    /**
     * @param array<string, mixed> $result tool-result.schema.json
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public array $result,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['result'], null);
        return new self(
            result: Json::map($m['result'], $path . '.result', static fn (mixed $x1, string $p1) => $x1),
            additionalMembers: array_diff_key($m, array_flip(['result'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'result'} = Json::object($this->result);
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
