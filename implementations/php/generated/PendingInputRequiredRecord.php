<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * An input-required result; nothing of it is kept.
 */
final readonly class PendingInputRequiredRecord implements \JsonSerializable
{
    /**
     * @param 'input_required' $kind
     */
    public function __construct(
        public string $kind = 'input_required',
    ) {
        if ($this->kind !== 'input_required') {
            throw new DecodeError('PendingInputRequiredRecord: member \'kind\' must be "input_required"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['kind'], ['kind']);
        return new self(
            kind: Json::oneOf($m['kind'], $path . '.kind', ['input_required']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'kind'} = $this->kind;
        return $out;
    }
}
