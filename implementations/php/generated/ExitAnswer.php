<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * An exit, a recordTask or a finish done.
 */
final readonly class ExitAnswer implements \JsonSerializable
{
    /**
     * @param int $id
     * @param true $ok
     */
    public function __construct(
        public int $id,
        public bool $ok = true,
    ) {
        if ($this->ok !== true) {
            throw new DecodeError('ExitAnswer: member \'ok\' must be true');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'ok'], ['id', 'ok']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            ok: Json::oneOf($m['ok'], $path . '.ok', [true]),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'ok'} = $this->ok;
        return $out;
    }
}
