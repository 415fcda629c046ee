<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Read the stored entries of call IDs, without running anything.
 */
final readonly class EntriesRequest implements \JsonSerializable
{
    /**
     * @param int $id
     * @param list<string> $callIds
     * @param 'entries' $op
     */
    public function __construct(
        public int $id,
        public array $callIds,
        public string $op = 'entries',
    ) {
        if ($this->op !== 'entries') {
            throw new DecodeError('EntriesRequest: member \'op\' must be "entries"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'op', 'callIds'], ['id', 'op', 'callIds']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            callIds: Json::list(
                $m['callIds'],
                $path . '.callIds',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            op: Json::oneOf($m['op'], $path . '.op', ['entries']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'op'} = $this->op;
        $out->{'callIds'} = $this->callIds;
        return $out;
    }
}
