<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * An artifact after redaction. Its type is whatever the redactor made of it, so a reader
 * renders an unknown one with its fallback (TR-MODEL-6).
 */
final readonly class RedactedArtifact implements \JsonSerializable
{
    /**
     * @param string $type
     * @param string $label
     * @param array<string, mixed> $data
     */
    public function __construct(
        public string $type,
        public string $label,
        public array $data,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['type', 'label', 'data'], ['type', 'label', 'data']);
        return new self(
            type: Json::string($m['type'], $path . '.type'),
            label: Json::string($m['label'], $path . '.label'),
            data: Json::map($m['data'], $path . '.data', static fn (mixed $x1, string $p1) => $x1),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'type'} = $this->type;
        $out->{'label'} = $this->label;
        $out->{'data'} = Json::object($this->data);
        return $out;
    }
}
