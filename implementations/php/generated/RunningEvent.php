<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The tool of an execute has started (the suite waits for it before it kills or stops the
 * worker).
 */
final readonly class RunningEvent implements \JsonSerializable
{
    /**
     * @param int $id
     * @param 'running' $event
     */
    public function __construct(
        public int $id,
        public string $event = 'running',
    ) {
        if ($this->event !== 'running') {
            throw new DecodeError('RunningEvent: member \'event\' must be "running"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'event'], ['id', 'event']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            event: Json::oneOf($m['event'], $path . '.event', ['running']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'event'} = $this->event;
        return $out;
    }
}
