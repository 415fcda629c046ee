<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class ComplianceReportChecksItem implements \JsonSerializable
{
    /**
     * @param string $id
     * @param 'leak'|'loss'|'delivery'|'duplication' $kind
     * @param 'MUST'|'SHOULD' $level SHOULD: a failing cell is a default the profile advises against, not a broken rule.
     * @param string $title
     * @param string $short The column header.
     */
    public function __construct(
        public string $id,
        public string $kind,
        public string $level,
        public string $title,
        public string $short,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'kind', 'level', 'title', 'short'], ['id', 'kind', 'level', 'title', 'short']);
        return new self(
            id: Json::string($m['id'], $path . '.id'),
            kind: Json::oneOf($m['kind'], $path . '.kind', ['leak', 'loss', 'delivery', 'duplication']),
            level: Json::oneOf($m['level'], $path . '.level', ['MUST', 'SHOULD']),
            title: Json::string($m['title'], $path . '.title'),
            short: Json::string($m['short'], $path . '.short'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'kind'} = $this->kind;
        $out->{'level'} = $this->level;
        $out->{'title'} = $this->title;
        $out->{'short'} = $this->short;
        return $out;
    }
}
