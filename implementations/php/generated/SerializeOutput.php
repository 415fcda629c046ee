<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class SerializeOutput implements \JsonSerializable
{
    /** 'octets': minimum from the schema. */
    public const OCTETS_MINIMUM = 0;

    /**
     * @param int $octets The length in octets of the last serialization.
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public int $octets,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['octets'], null);
        return new self(
            octets: Json::int($m['octets'], $path . '.octets'),
            additionalMembers: array_diff_key($m, array_flip(['octets'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'octets'} = $this->octets;
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
