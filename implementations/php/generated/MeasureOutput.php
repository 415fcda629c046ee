<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class MeasureOutput implements \JsonSerializable
{
    /** 'octets': minimum from the schema. */
    public const OCTETS_MINIMUM = 0;

    /**
     * @param 'ok'|'over_budget'|'unencodable'|'too_deep' $verdict
     * @param int|Absent $octets Absent::Value when absent.
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public string $verdict,
        public int|Absent $octets = Absent::Value,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['verdict'], null);
        return new self(
            verdict: Json::oneOf($m['verdict'], $path . '.verdict', ['ok', 'over_budget', 'unencodable', 'too_deep']),
            octets: array_key_exists('octets', $m) ? Json::int($m['octets'], $path . '.octets') : Absent::Value,
            additionalMembers: array_diff_key($m, array_flip(['verdict', 'octets'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'verdict'} = $this->verdict;
        if (!$this->octets instanceof Absent) {
            $out->{'octets'} = $this->octets;
        }
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
