<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Level redacted: the summary and the result in the same shape, every string passed through
 * the redactor.
 */
final readonly class RedactedAuditRecord implements \JsonSerializable
{
    /**
     * @param AuditSummary $summary
     * @param RedactedResult $result
     * @param 1 $version
     * @param 'redacted' $level
     */
    public function __construct(
        public AuditSummary $summary,
        public RedactedResult $result,
        public int $version = 1,
        public string $level = 'redacted',
    ) {
        if ($this->version !== 1) {
            throw new DecodeError('RedactedAuditRecord: member \'version\' must be 1');
        }
        if ($this->level !== 'redacted') {
            throw new DecodeError('RedactedAuditRecord: member \'level\' must be "redacted"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['version', 'level', 'summary', 'result'],
            ['version', 'level', 'summary', 'result'],
        );
        return new self(
            summary: AuditSummary::fromJson($m['summary'], $path . '.summary'),
            result: RedactedResult::fromJson($m['result'], $path . '.result'),
            version: Json::oneOf($m['version'], $path . '.version', [1]),
            level: Json::oneOf($m['level'], $path . '.level', ['redacted']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'version'} = $this->version;
        $out->{'level'} = $this->level;
        $out->{'summary'} = $this->summary;
        $out->{'result'} = $this->result;
        return $out;
    }
}
