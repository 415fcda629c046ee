<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class TableArtifact implements \JsonSerializable
{
    /**
     * @param string $label
     * @param TableData $data
     * @param 'table' $type
     */
    public function __construct(
        public string $label,
        public TableData $data,
        public string $type = 'table',
    ) {
        if ($this->type !== 'table') {
            throw new DecodeError('TableArtifact: member \'type\' must be "table"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['type', 'label', 'data'], ['type', 'label', 'data']);
        return new self(
            label: Json::string($m['label'], $path . '.label'),
            data: TableData::fromJson($m['data'], $path . '.data'),
            type: Json::oneOf($m['type'], $path . '.type', ['table']),
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
