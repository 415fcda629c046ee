<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A reference back to the container up levels above this point (up 1: the container that holds
 * this tag). Only for implementations that declare cycles: true.
 */
final readonly class CycleTag implements \JsonSerializable
{
    /** 'up': minimum from the schema. */
    public const UP_MINIMUM = 1;

    /**
     * @param int $up
     * @param 'cycle' $tr
     */
    public function __construct(
        public int $up,
        public string $tr = 'cycle',
    ) {
        if ($this->tr !== 'cycle') {
            throw new DecodeError('CycleTag: member \'$tr\' must be "cycle"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['$tr', 'up'], ['$tr', 'up']);
        return new self(
            up: Json::int($m['up'], $path . '.up'),
            tr: Json::oneOf($m['$tr'], $path . '.$tr', ['cycle']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'$tr'} = $this->tr;
        $out->{'up'} = $this->up;
        return $out;
    }
}
