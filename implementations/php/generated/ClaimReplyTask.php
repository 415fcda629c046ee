<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class ClaimReplyTask implements \JsonSerializable
{
    /**
     * @param string $taskId
     */
    public function __construct(
        public string $taskId,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['taskId'], ['taskId']);
        return new self(
            taskId: Json::string($m['taskId'], $path . '.taskId'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'taskId'} = $this->taskId;
        return $out;
    }
}
