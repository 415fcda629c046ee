<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A block of plain text. Also the shape of the omission marker.
 */
final readonly class TextData implements \JsonSerializable
{
    /**
     * @param string $text
     */
    public function __construct(
        public string $text,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['text'], ['text']);
        return new self(
            text: Json::string($m['text'], $path . '.text'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'text'} = $this->text;
        return $out;
    }
}
