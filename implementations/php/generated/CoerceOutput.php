<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class CoerceOutput implements \JsonSerializable
{
    /**
     * @param string $text
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public string $text,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['text'], null);
        return new self(
            text: Json::string($m['text'], $path . '.text'),
            additionalMembers: array_diff_key($m, array_flip(['text'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'text'} = $this->text;
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
