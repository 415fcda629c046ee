<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A double-precision number JSON cannot write.
 */
final readonly class NumberTag implements \JsonSerializable
{
    /**
     * @param 'NaN'|'Infinity'|'-Infinity'|'-0' $value
     * @param 'number' $tr
     */
    public function __construct(
        public string $value,
        public string $tr = 'number',
    ) {
        if ($this->tr !== 'number') {
            throw new DecodeError('NumberTag: member \'$tr\' must be "number"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['$tr', 'value'], ['$tr', 'value']);
        return new self(
            value: Json::oneOf($m['value'], $path . '.value', ['NaN', 'Infinity', '-Infinity', '-0']),
            tr: Json::oneOf($m['$tr'], $path . '.$tr', ['number']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'$tr'} = $this->tr;
        $out->{'value'} = $this->value;
        return $out;
    }
}
