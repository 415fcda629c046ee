<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * An integer given in decimal, possibly beyond 2^53: the language's arbitrary-precision or
 * widest integer (JavaScript BigInt, Python int).
 */
final readonly class BigIntTag implements \JsonSerializable
{
    /**
     * @param string $value
     * @param 'bigint' $tr
     */
    public function __construct(
        public string $value,
        public string $tr = 'bigint',
    ) {
        if ($this->tr !== 'bigint') {
            throw new DecodeError('BigIntTag: member \'$tr\' must be "bigint"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['$tr', 'value'], ['$tr', 'value']);
        return new self(
            value: Json::string($m['value'], $path . '.value'),
            tr: Json::oneOf($m['$tr'], $path . '.$tr', ['bigint']),
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
