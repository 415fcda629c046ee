<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Close the store and exit 0 after answering.
 */
final readonly class ExitRequest implements \JsonSerializable
{
    /**
     * @param int $id
     * @param 'exit' $op
     */
    public function __construct(
        public int $id,
        public string $op = 'exit',
    ) {
        if ($this->op !== 'exit') {
            throw new DecodeError('ExitRequest: member \'op\' must be "exit"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'op'], ['id', 'op']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            op: Json::oneOf($m['op'], $path . '.op', ['exit']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'op'} = $this->op;
        return $out;
    }
}
