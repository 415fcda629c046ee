<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class StoredOctets implements \JsonSerializable
{
    /**
     * @param string $where The store or exporter, and the file, key or endpoint path: "SqliteSaver checkpoint.sqlite",
     *     "POST /v1/traces".
     * @param string $text Its octets, each octet as one code point U+0000–U+00FF (latin1), so that base64 text and the
     *     octets it decodes to are both findable.
     */
    public function __construct(
        public string $where,
        public string $text,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['where', 'text'], ['where', 'text']);
        return new self(
            where: Json::string($m['where'], $path . '.where'),
            text: Json::string($m['text'], $path . '.text'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'where'} = $this->where;
        $out->{'text'} = $this->text;
        return $out;
    }
}
