<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The case as a byte-string language meets it (spec/09-conformance.md §9.2, TR-CONF-23): an
 * unpaired surrogate of the input is written as the octets a byte string holds instead (its
 * generalized UTF-8 form, ED followed by two octets, or octets that collide the same way), and
 * the expectation is what the rules give for those octets. A runner sends this input, and
 * judges by this expectation, to an adapter whose stringModel is bytes, instead of skipping
 * the case; every other adapter runs the case itself. Only on a case that needs utf16-strings.
 */
final readonly class BytesModelForm implements \JsonSerializable
{
    /**
     * @param string $description What this form shows, in the octets' own terms.
     * @param array<string, mixed> $input The op's input for a byte-string adapter: tagged values, no string with an
     *     unpaired surrogate (TR-CONF-20).
     * @param Expectation0|Expectation1 $expect
     */
    public function __construct(
        public string $description,
        public array $input,
        public Expectation0|Expectation1 $expect,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['description', 'input', 'expect'], ['description', 'input', 'expect']);
        return new self(
            description: Json::string($m['description'], $path . '.description'),
            input: Json::map($m['input'], $path . '.input', static fn (mixed $x1, string $p1) => $x1),
            expect: Expectation::fromJson($m['expect'], $path . '.expect'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'description'} = $this->description;
        $out->{'input'} = Json::object($this->input);
        $out->{'expect'} = $this->expect;
        return $out;
    }
}
