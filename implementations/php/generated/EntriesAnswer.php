<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Each call ID asked for, with its stored entry or null (none stored: unknown, or still
 * claimed).
 */
final readonly class EntriesAnswer implements \JsonSerializable
{
    /**
     * @param int $id
     * @param array<string, string|null> $entries
     * @param true $ok
     */
    public function __construct(
        public int $id,
        public array $entries,
        public bool $ok = true,
    ) {
        if ($this->ok !== true) {
            throw new DecodeError('EntriesAnswer: member \'ok\' must be true');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'ok', 'entries'], ['id', 'ok', 'entries']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            entries: Json::map(
                $m['entries'],
                $path . '.entries',
                static fn (mixed $x1, string $p1) => ($x1 === null ? null : Json::string($x1, $p1)),
            ),
            ok: Json::oneOf($m['ok'], $path . '.ok', [true]),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'ok'} = $this->ok;
        $out->{'entries'} = Json::object($this->entries);
        return $out;
    }
}
