<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Claim one call ID (the default scope, no tool) at the worker's store, once, without waiting:
 * answered by a ClaimReply. A claimed answer leaves the claim open in the worker (its lease
 * renewed) until a FinishRequest of the call ID; the worker keeps one open claim per call ID.
 */
final readonly class ClaimRequest implements \JsonSerializable
{
    /**
     * @param int $id
     * @param string $callId
     * @param 'claim' $op
     */
    public function __construct(
        public int $id,
        public string $callId,
        public string $op = 'claim',
    ) {
        if ($this->op !== 'claim') {
            throw new DecodeError('ClaimRequest: member \'op\' must be "claim"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'op', 'callId'], ['id', 'op', 'callId']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            callId: Json::string($m['callId'], $path . '.callId'),
            op: Json::oneOf($m['op'], $path . '.op', ['claim']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'op'} = $this->op;
        $out->{'callId'} = $this->callId;
        return $out;
    }
}
