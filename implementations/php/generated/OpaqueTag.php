<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A native value that is not JSON data; the adapter builds the closest thing its language has.
 * Every kind is an encoding failure (TR-BOUND-6).
 */
final readonly class OpaqueTag implements \JsonSerializable
{
    /**
     * @param
     *     'undefined'|'function'|'symbol'|'date'|'map'|'set'|'bytes-object'|'class-instance'|'getter'|'throwing-getter'|'to-json'|'proxy'|'non-string-key'
     *     $kind
     * @param 'opaque' $tr
     */
    public function __construct(
        public string $kind,
        public string $tr = 'opaque',
    ) {
        if ($this->tr !== 'opaque') {
            throw new DecodeError('OpaqueTag: member \'$tr\' must be "opaque"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['$tr', 'kind'], ['$tr', 'kind']);
        return new self(
            kind: Json::oneOf(
                $m['kind'],
                $path . '.kind',
                [
                    'undefined',
                    'function',
                    'symbol',
                    'date',
                    'map',
                    'set',
                    'bytes-object',
                    'class-instance',
                    'getter',
                    'throwing-getter',
                    'to-json',
                    'proxy',
                    'non-string-key',
                ],
            ),
            tr: Json::oneOf($m['$tr'], $path . '.$tr', ['opaque']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'$tr'} = $this->tr;
        $out->{'kind'} = $this->kind;
        return $out;
    }
}
