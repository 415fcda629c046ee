<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Level metadata (the default): the summary only, no content bytes.
 */
final readonly class MetadataAuditRecord implements \JsonSerializable
{
    /**
     * @param AuditSummary $summary
     * @param 1 $version
     * @param 'metadata' $level
     */
    public function __construct(
        public AuditSummary $summary,
        public int $version = 1,
        public string $level = 'metadata',
    ) {
        if ($this->version !== 1) {
            throw new DecodeError('MetadataAuditRecord: member \'version\' must be 1');
        }
        if ($this->level !== 'metadata') {
            throw new DecodeError('MetadataAuditRecord: member \'level\' must be "metadata"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['version', 'level', 'summary'], ['version', 'level', 'summary']);
        return new self(
            summary: AuditSummary::fromJson($m['summary'], $path . '.summary'),
            version: Json::oneOf($m['version'], $path . '.version', [1]),
            level: Json::oneOf($m['level'], $path . '.level', ['metadata']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'version'} = $this->version;
        $out->{'level'} = $this->level;
        $out->{'summary'} = $this->summary;
        return $out;
    }
}
