<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Finish the worker's open claim of the call ID with this entry, as given (the store's
 * finish). Answered by {id, ok:true}, or a failure with the store's code (ledger.lease_lost
 * when the claim was taken over or pinned).
 */
final readonly class FinishRequest implements \JsonSerializable
{
    /**
     * @param int $id
     * @param string $callId
     * @param string $entry The entry's text, stored as its UTF-8 octets.
     * @param 'finish' $op
     */
    public function __construct(
        public int $id,
        public string $callId,
        public string $entry,
        public string $op = 'finish',
    ) {
        if ($this->op !== 'finish') {
            throw new DecodeError('FinishRequest: member \'op\' must be "finish"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'op', 'callId', 'entry'], ['id', 'op', 'callId', 'entry']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            callId: Json::string($m['callId'], $path . '.callId'),
            entry: Json::string($m['entry'], $path . '.entry'),
            op: Json::oneOf($m['op'], $path . '.op', ['finish']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'op'} = $this->op;
        $out->{'callId'} = $this->callId;
        $out->{'entry'} = $this->entry;
        return $out;
    }
}
