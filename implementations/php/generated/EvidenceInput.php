<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class EvidenceInput implements \JsonSerializable
{
    /**
     * @param array<string, mixed> $result
     * @param array<string, mixed>|Absent $outputSchema Absent::Value when absent.
     */
    public function __construct(
        public array $result,
        public array|Absent $outputSchema = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['result'], ['result', 'outputSchema']);
        return new self(
            result: Json::map($m['result'], $path . '.result', static fn (mixed $x1, string $p1) => $x1),
            outputSchema: array_key_exists('outputSchema', $m) ? Json::map(
                $m['outputSchema'],
                $path . '.outputSchema',
                static fn (mixed $x1, string $p1) => $x1,
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'result'} = Json::object($this->result);
        if (!$this->outputSchema instanceof Absent) {
            $out->{'outputSchema'} = Json::object($this->outputSchema);
        }
        return $out;
    }
}
