<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class BoundInput implements \JsonSerializable
{
    /** 'repeat': minimum from the schema. */
    public const REPEAT_MINIMUM = 1;

    /**
     * @param ResultInput $result A tool result to build with the implementation’s own constructors.
     * @param mixed $options Absent::Value when absent. A BoundOptions object (bound-options.schema.json), or something
     *     invalid on purpose: range and type checks are the implementation’s job (TR-MODEL-10).
     * @param mixed $exposure Absent::Value when absent. An ExposurePolicy (exposure-policy.schema.json), or something
     *     invalid on purpose. Optional on every op that bounds a result input; absent is the policy none
     *     (spec/12-exposure.md). Only an adapter that claims the exposure group is sent one.
     * @param int|Absent $repeat Absent::Value when absent. The common-case profile (--profile common): build the result
     *     once, bound it this many times with the same options, and answer the last bounded result. Absent is 1.
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public ResultInput $result,
        public mixed $options = Absent::Value,
        public mixed $exposure = Absent::Value,
        public int|Absent $repeat = Absent::Value,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['result'], null);
        return new self(
            result: ResultInput::fromJson($m['result'], $path . '.result'),
            options: array_key_exists('options', $m) ? $m['options'] : Absent::Value,
            exposure: array_key_exists('exposure', $m) ? $m['exposure'] : Absent::Value,
            repeat: array_key_exists('repeat', $m) ? Json::int($m['repeat'], $path . '.repeat') : Absent::Value,
            additionalMembers: array_diff_key($m, array_flip(['result', 'options', 'exposure', 'repeat'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'result'} = $this->result;
        if (!$this->options instanceof Absent) {
            $out->{'options'} = $this->options;
        }
        if (!$this->exposure instanceof Absent) {
            $out->{'exposure'} = $this->exposure;
        }
        if (!$this->repeat instanceof Absent) {
            $out->{'repeat'} = $this->repeat;
        }
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
