<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * What a suspended run keeps of a tool step so that it can resume (spec/05-sinks.md): the
 * functional, provider-facing channels only. Never structured data, artifacts or warnings.
 */
final readonly class SuspendState implements \JsonSerializable
{
    /**
     * @param string $content
     * @param bool $isError
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
