<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A string given as octets, possibly ill-formed UTF-8. A byte-string language passes the
 * octets as they are; a UTF-16 or code-point language decodes them with the implementation's
 * own octet coercion (TR-BOUND-1).
 */
final readonly class BytesTag implements \JsonSerializable
{
    /**
     * @param string $hex
     * @param 'bytes' $tr
     */
    public function __construct(
        public string $hex,
        public string $tr = 'bytes',
    ) {
        if ($this->tr !== 'bytes') {
            throw new DecodeError('BytesTag: member \'$tr\' must be "bytes"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['$tr', 'hex'], ['$tr', 'hex']);
        return new self(
            hex: Json::string($m['hex'], $path . '.hex'),
            tr: Json::oneOf($m['$tr'], $path . '.$tr', ['bytes']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'$tr'} = $this->tr;
        $out->{'hex'} = $this->hex;
        return $out;
    }
}
