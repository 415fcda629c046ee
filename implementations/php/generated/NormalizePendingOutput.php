<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class NormalizePendingOutput implements \JsonSerializable
{
    /**
     * @param PendingTaskRecord|PendingInputRequiredRecord $pending
     */
    public function __construct(
        public PendingTaskRecord|PendingInputRequiredRecord $pending,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['pending'], ['pending']);
        return new self(
            pending: PendingCallRecord::fromJson($m['pending'], $path . '.pending'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'pending'} = $this->pending;
        return $out;
    }
}
