<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Record a task with the worker's open claim of the call ID (the store's recordTask:
 * TR-REPLAY-42). Answered by {id, ok:true}, or a failure with the store's code
 * (ledger.lease_lost when another claim took the call over) or "error" for a task ID the store
 * refuses.
 */
final readonly class RecordTaskRequest implements \JsonSerializable
{
    /**
     * @param int $id
     * @param string $callId
     * @param string $taskId
     * @param 'recordTask' $op
     */
    public function __construct(
        public int $id,
        public string $callId,
        public string $taskId,
        public string $op = 'recordTask',
    ) {
        if ($this->op !== 'recordTask') {
            throw new DecodeError('RecordTaskRequest: member \'op\' must be "recordTask"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'op', 'callId', 'taskId'], ['id', 'op', 'callId', 'taskId']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            callId: Json::string($m['callId'], $path . '.callId'),
            taskId: Json::string($m['taskId'], $path . '.taskId'),
            op: Json::oneOf($m['op'], $path . '.op', ['recordTask']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'op'} = $this->op;
        $out->{'callId'} = $this->callId;
        $out->{'taskId'} = $this->taskId;
        return $out;
    }
}
