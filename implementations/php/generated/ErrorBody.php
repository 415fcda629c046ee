<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * code: a stable dotted code; message: text without run-only values.
 */
final readonly class ErrorBody implements \JsonSerializable
{
    /**
     * @param string $code
     * @param string $message
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public string $code,
        public string $message,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['code', 'message'], null);
        return new self(
            code: Json::string($m['code'], $path . '.code'),
            message: Json::string($m['message'], $path . '.message'),
            additionalMembers: array_diff_key($m, array_flip(['code', 'message'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'code'} = $this->code;
        $out->{'message'} = $this->message;
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
