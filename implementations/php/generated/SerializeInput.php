<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The floor of the common-case profile (conformance/README.md, --profile common): the adapter
 * decodes value once as it decodes every op's tagged input, then serializes it repeat times
 * with the language's own JSON serializer, compact and without escaping non-ASCII (Python
 * json.dumps(v, ensure_ascii=False, separators=(',', ':')); PHP json_encode with
 * JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE; Go
 * json.Marshal; JavaScript JSON.stringify), takes the length of the UTF-8 text, and calls
 * nothing of the implementation.
 */
final readonly class SerializeInput implements \JsonSerializable
{
    /** 'repeat': minimum from the schema. */
    public const REPEAT_MINIMUM = 1;

    /**
     * @param mixed $value A value in the tagged encoding:
     *     https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
     * @param int $repeat How many times to serialize the decoded value; the answer is the last length.
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public mixed $value,
        public int $repeat,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['value', 'repeat'], null);
        return new self(
            value: $m['value'],
            repeat: Json::int($m['repeat'], $path . '.repeat'),
            additionalMembers: array_diff_key($m, array_flip(['value', 'repeat'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'value'} = $this->value;
        $out->{'repeat'} = $this->repeat;
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
