<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A tool result to build with the implementation’s own constructors.
 */
final readonly class ResultInput implements \JsonSerializable
{
    /**
     * @param mixed $content Absent::Value when absent. A string or a string tag:
     *     https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json#/$defs/TaggedString
     * @param mixed $isError Absent::Value when absent. A boolean, except in the cases that send another value or none
     *     (TR-BOUND-17).
     * @param mixed $structured Absent::Value when absent. A value in the tagged encoding:
     *     https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
     * @param mixed $artifacts Absent::Value when absent. A value in the tagged encoding:
     *     https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
     * @param mixed $warnings Absent::Value when absent. Warning codes the result already carries (TR-BOUND-13): a list;
     *     anything else, and an item that is not a code, is ignored (§9.3).
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public mixed $content = Absent::Value,
        public mixed $isError = Absent::Value,
        public mixed $structured = Absent::Value,
        public mixed $artifacts = Absent::Value,
        public mixed $warnings = Absent::Value,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, [], null);
        return new self(
            content: array_key_exists('content', $m) ? $m['content'] : Absent::Value,
            isError: array_key_exists('isError', $m) ? $m['isError'] : Absent::Value,
            structured: array_key_exists('structured', $m) ? $m['structured'] : Absent::Value,
            artifacts: array_key_exists('artifacts', $m) ? $m['artifacts'] : Absent::Value,
            warnings: array_key_exists('warnings', $m) ? $m['warnings'] : Absent::Value,
            additionalMembers: array_diff_key(
                $m,
                array_flip(['content', 'isError', 'structured', 'artifacts', 'warnings']),
            ),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        if (!$this->content instanceof Absent) {
            $out->{'content'} = $this->content;
        }
        if (!$this->isError instanceof Absent) {
            $out->{'isError'} = $this->isError;
        }
        if (!$this->structured instanceof Absent) {
            $out->{'structured'} = $this->structured;
        }
        if (!$this->artifacts instanceof Absent) {
            $out->{'artifacts'} = $this->artifacts;
        }
        if (!$this->warnings instanceof Absent) {
            $out->{'warnings'} = $this->warnings;
        }
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
