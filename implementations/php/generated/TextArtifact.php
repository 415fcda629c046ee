<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class TextArtifact implements \JsonSerializable
{
    /**
     * @param string $label
     * @param TextData $data
     * @param 'text' $type
     */
    public function __construct(
        public string $label,
        public TextData $data,
        public string $type = 'text',
    ) {
        if ($this->type !== 'text') {
            throw new DecodeError('TextArtifact: member \'type\' must be "text"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['type', 'label', 'data'], ['type', 'label', 'data']);
        return new self(
            label: Json::string($m['label'], $path . '.label'),
            data: TextData::fromJson($m['data'], $path . '.data'),
            type: Json::oneOf($m['type'], $path . '.type', ['text']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'type'} = $this->type;
        $out->{'label'} = $this->label;
        $out->{'data'} = $this->data;
        return $out;
    }
}
