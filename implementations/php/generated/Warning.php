<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A machine-readable note that a channel was changed or dropped. It names what happened, never
 * the bytes involved (TR-MODEL-8).
 */
final readonly class Warning implements \JsonSerializable
{
    /**
     * @param WarningCode $code
     */
    public function __construct(
        public WarningCode $code,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['code'], ['code']);
        return new self(
            code: Json::enum(WarningCode::class, $m['code'], $path . '.code'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'code'} = $this->code;
        return $out;
    }
}
