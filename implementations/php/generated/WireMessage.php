<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The provider-facing part of a tool result, all the model provider ever sees of it: the
 * bounded content and the error flag, and nothing else (TR-EGRESS-3). An integration maps it
 * onto its provider's tool message format.
 */
final readonly class WireMessage implements \JsonSerializable
{
    /**
     * @param string $content The bounded content: well-formed Unicode, at most the content budget in UTF-8 octets.
     * @param bool $isError Whether the tool failed.
     */
    public function __construct(
        public string $content,
        public bool $isError,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['content', 'isError'], ['content', 'isError']);
        return new self(
            content: Json::string($m['content'], $path . '.content'),
            isError: Json::bool($m['isError'], $path . '.isError'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'content'} = $this->content;
        $out->{'isError'} = $this->isError;
        return $out;
    }
}
