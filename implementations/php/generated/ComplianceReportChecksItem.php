<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
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
     * @param 'persisted'|'exported'|Absent $reads Absent::Value when absent. What the check reads instead of the
     *     provider bodies: the stores the stack persisted for a resumable run, or the telemetry it exported (absent:
     *     the provider bodies).
     */
    public function __construct(
        public string $id,
        public string $kind,
        public string $level,
        public string $title,
        public string $short,
        public string|Absent $reads = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['id', 'kind', 'level', 'title', 'short'],
            ['id', 'kind', 'level', 'title', 'short', 'reads'],
        );
        return new self(
            id: Json::string($m['id'], $path . '.id'),
            kind: Json::oneOf($m['kind'], $path . '.kind', ['leak', 'loss', 'delivery', 'duplication']),
            level: Json::oneOf($m['level'], $path . '.level', ['MUST', 'SHOULD']),
            title: Json::string($m['title'], $path . '.title'),
            short: Json::string($m['short'], $path . '.short'),
            reads: array_key_exists('reads', $m) ? Json::oneOf(
                $m['reads'],
                $path . '.reads',
                ['persisted', 'exported'],
            ) : Absent::Value,
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
        if (!$this->reads instanceof Absent) {
            $out->{'reads'} = $this->reads;
        }
        return $out;
    }
}
