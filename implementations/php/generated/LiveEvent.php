<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The event the live inspector stream carries for a finished tool step (spec/05-sinks.md).
 * Built from memory for administrators while the run is live and not meant to be persisted
 * (TR-SINK-3): the whole bounded result, run-only channels included. Sent as one line of
 * NDJSON.
 */
final readonly class LiveEvent implements \JsonSerializable
{
    /**
     * @param ToolResult $result
     * @param 'tool_result' $kind
     */
    public function __construct(
        public ToolResult $result,
        public string $kind = 'tool_result',
    ) {
        if ($this->kind !== 'tool_result') {
            throw new DecodeError('LiveEvent: member \'kind\' must be "tool_result"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['kind', 'result'], ['kind', 'result']);
        return new self(
            result: ToolResult::fromJson($m['result'], $path . '.result'),
            kind: Json::oneOf($m['kind'], $path . '.kind', ['tool_result']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'kind'} = $this->kind;
        $out->{'result'} = $this->result;
        return $out;
    }
}
