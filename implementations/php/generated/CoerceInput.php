<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class CoerceInput implements \JsonSerializable
{
    /**
     * @param mixed $value A string or a string tag:
     *     https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json#/$defs/TaggedString
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public mixed $value,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['value'], null);
        return new self(
            value: $m['value'],
            additionalMembers: array_diff_key($m, array_flip(['value'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'value'} = $this->value;
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
