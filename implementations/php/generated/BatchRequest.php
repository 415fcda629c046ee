<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Execute each call ID in turn; answer once with one row per call ID.
 */
final readonly class BatchRequest implements \JsonSerializable
{
    /** 'delayMs': minimum from the schema. */
    public const DELAY_MS_MINIMUM = 0;

    /**
     * @param int $id
     * @param list<string> $callIds
     * @param 'batch' $op
     * @param int|Absent $delayMs Absent::Value when absent.
     */
    public function __construct(
        public int $id,
        public array $callIds,
        public string $op = 'batch',
        public int|Absent $delayMs = Absent::Value,
    ) {
        if ($this->op !== 'batch') {
            throw new DecodeError('BatchRequest: member \'op\' must be "batch"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'op', 'callIds'], ['id', 'op', 'callIds', 'delayMs']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            callIds: Json::list(
                $m['callIds'],
                $path . '.callIds',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            op: Json::oneOf($m['op'], $path . '.op', ['batch']),
            delayMs: array_key_exists('delayMs', $m) ? Json::int($m['delayMs'], $path . '.delayMs') : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'op'} = $this->op;
        $out->{'callIds'} = $this->callIds;
        if (!$this->delayMs instanceof Absent) {
            $out->{'delayMs'} = $this->delayMs;
        }
        return $out;
    }
}
