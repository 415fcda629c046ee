<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The store is open; requests may come.
 */
final readonly class ReadyEvent implements \JsonSerializable
{
    /** 'pid': minimum from the schema. */
    public const PID_MINIMUM = 1;

    /**
     * @param 'ready' $event
     * @param int|Absent $pid Absent::Value when absent.
     */
    public function __construct(
        public string $event = 'ready',
        public int|Absent $pid = Absent::Value,
    ) {
        if ($this->event !== 'ready') {
            throw new DecodeError('ReadyEvent: member \'event\' must be "ready"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['event'], ['event', 'pid']);
        return new self(
            event: Json::oneOf($m['event'], $path . '.event', ['ready']),
            pid: array_key_exists('pid', $m) ? Json::int($m['pid'], $path . '.pid') : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'event'} = $this->event;
        if (!$this->pid instanceof Absent) {
            $out->{'pid'} = $this->pid;
        }
        return $out;
    }
}
