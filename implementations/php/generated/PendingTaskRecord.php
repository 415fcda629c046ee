<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A task handle: the task protocol it came in, and what polling it needs.
 */
final readonly class PendingTaskRecord implements \JsonSerializable
{
    /** 'pollIntervalMs': minimum, maximum from the schema. */
    public const POLL_INTERVAL_MS_MINIMUM = 0;
    public const POLL_INTERVAL_MS_MAXIMUM = 9007199254740991;

    /**
     * @param string $taskId
     * @param string $status
     * @param '2026-07-28'|'2025-11-25' $taskVersion
     * @param 'task' $kind
     * @param int|Absent $pollIntervalMs Absent::Value when absent.
     */
    public function __construct(
        public string $taskId,
        public string $status,
        public string $taskVersion,
        public string $kind = 'task',
        public int|Absent $pollIntervalMs = Absent::Value,
    ) {
        if ($this->kind !== 'task') {
            throw new DecodeError('PendingTaskRecord: member \'kind\' must be "task"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['kind', 'taskId', 'status', 'taskVersion'],
            ['kind', 'taskId', 'status', 'pollIntervalMs', 'taskVersion'],
        );
        return new self(
            taskId: Json::string($m['taskId'], $path . '.taskId'),
            status: Json::string($m['status'], $path . '.status'),
            taskVersion: Json::oneOf($m['taskVersion'], $path . '.taskVersion', ['2026-07-28', '2025-11-25']),
            kind: Json::oneOf($m['kind'], $path . '.kind', ['task']),
            pollIntervalMs: array_key_exists('pollIntervalMs', $m) ? Json::int(
                $m['pollIntervalMs'],
                $path . '.pollIntervalMs',
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'kind'} = $this->kind;
        $out->{'taskId'} = $this->taskId;
        $out->{'status'} = $this->status;
        if (!$this->pollIntervalMs instanceof Absent) {
            $out->{'pollIntervalMs'} = $this->pollIntervalMs;
        }
        $out->{'taskVersion'} = $this->taskVersion;
        return $out;
    }
}
