<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class NormalizeInput implements \JsonSerializable
{
    /**
     * @param string $source
     * @param mixed $value A value in the tagged encoding:
     *     https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
     * @param mixed $options Absent::Value when absent.
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public string $source,
        public mixed $value,
        public mixed $options = Absent::Value,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['source', 'value'], null);
        return new self(
            source: Json::string($m['source'], $path . '.source'),
            value: $m['value'],
            options: array_key_exists('options', $m) ? $m['options'] : Absent::Value,
            additionalMembers: array_diff_key($m, array_flip(['source', 'value', 'options'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'source'} = $this->source;
        $out->{'value'} = $this->value;
        if (!$this->options instanceof Absent) {
            $out->{'options'} = $this->options;
        }
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
