<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class BatchAnswer implements \JsonSerializable
{
    /**
     * @param int $id
     * @param list<array{0: string, 1: string, 2: bool}|array{0: string, 1: null, 2: false, 3: string, 4: string}>
     *     $results
     * @param true $ok
     */
    public function __construct(
        public int $id,
        public array $results,
        public bool $ok = true,
    ) {
        if ($this->ok !== true) {
            throw new DecodeError('BatchAnswer: member \'ok\' must be true');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'ok', 'results'], ['id', 'ok', 'results']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            results: Json::list(
                $m['results'],
                $path . '.results',
                static fn (mixed $x1, string $p1) => BatchRow::fromJson($x1, $p1),
            ),
            ok: Json::oneOf($m['ok'], $path . '.ok', [true]),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'ok'} = $this->ok;
        $out->{'results'} = $this->results;
        return $out;
    }
}
