<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The call's entry as the seam returned it, and whether it was replayed (this worker's tool
 * did not run).
 */
final readonly class ExecuteAnswer implements \JsonSerializable
{
    /**
     * @param int $id
     * @param string $entry
     * @param bool $replayed
     * @param true $ok
     */
    public function __construct(
        public int $id,
        public string $entry,
        public bool $replayed,
        public bool $ok = true,
    ) {
        if ($this->ok !== true) {
            throw new DecodeError('ExecuteAnswer: member \'ok\' must be true');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'ok', 'entry', 'replayed'], ['id', 'ok', 'entry', 'replayed']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            entry: Json::string($m['entry'], $path . '.entry'),
            replayed: Json::bool($m['replayed'], $path . '.replayed'),
            ok: Json::oneOf($m['ok'], $path . '.ok', [true]),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'ok'} = $this->ok;
        $out->{'entry'} = $this->entry;
        $out->{'replayed'} = $this->replayed;
        return $out;
    }
}
