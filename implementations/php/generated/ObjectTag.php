<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * An object given as an ordered list of entries, for keys plain JSON cannot carry or that
 * would read as a tag (a key "$tr", a key with ill-formed UTF-8, two keys that collide after
 * coercion).
 */
final readonly class ObjectTag implements \JsonSerializable
{
    /**
     * @param list<array{0: string|BytesTag|Utf16Tag|RepeatTag, 1: mixed}> $entries
     * @param 'object' $tr
     */
    public function __construct(
        public array $entries,
        public string $tr = 'object',
    ) {
        if ($this->tr !== 'object') {
            throw new DecodeError('ObjectTag: member \'$tr\' must be "object"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['$tr', 'entries'], ['$tr', 'entries']);
        return new self(
            entries: Json::list(
                $m['entries'],
                $path . '.entries',
                static fn (mixed $x1, string $p1) => Json::tuple(
                    $x1,
                    $p1,
                    [
                        static fn (mixed $x2, string $p2) => TaggedString::fromJson($x2, $p2),
                        static fn (mixed $x2, string $p2) => $x2,
                    ],
                ),
            ),
            tr: Json::oneOf($m['$tr'], $path . '.$tr', ['object']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'$tr'} = $this->tr;
        $out->{'entries'} = $this->entries;
        return $out;
    }
}
