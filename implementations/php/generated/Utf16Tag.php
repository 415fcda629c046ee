<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A string given as UTF-16 code units, possibly with unpaired surrogates. Applies to
 * implementations whose strings are UTF-16 or code points; a byte-string implementation
 * declares stringModel 'bytes' and the kit does not send it unpaired surrogates.
 */
final readonly class Utf16Tag implements \JsonSerializable
{
    /**
     * @param list<int> $units
     * @param 'utf16' $tr
     */
    public function __construct(
        public array $units,
        public string $tr = 'utf16',
    ) {
        if ($this->tr !== 'utf16') {
            throw new DecodeError('Utf16Tag: member \'$tr\' must be "utf16"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['$tr', 'units'], ['$tr', 'units']);
        return new self(
            units: Json::list($m['units'], $path . '.units', static fn (mixed $x1, string $p1) => Json::int($x1, $p1)),
            tr: Json::oneOf($m['$tr'], $path . '.$tr', ['utf16']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'$tr'} = $this->tr;
        $out->{'units'} = $this->units;
        return $out;
    }
}
