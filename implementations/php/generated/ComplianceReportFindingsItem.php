<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class ComplianceReportFindingsItem implements \JsonSerializable
{
    /**
     * @param string $stack
     * @param string $check
     * @param string $summary
     * @param 'stale-limit' $kind
     */
    public function __construct(
        public string $stack,
        public string $check,
        public string $summary,
        public string $kind = 'stale-limit',
    ) {
        if ($this->kind !== 'stale-limit') {
            throw new DecodeError('ComplianceReportFindingsItem: member \'kind\' must be "stale-limit"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['kind', 'stack', 'check', 'summary'], ['kind', 'stack', 'check', 'summary']);
        return new self(
            stack: Json::string($m['stack'], $path . '.stack'),
            check: Json::string($m['check'], $path . '.check'),
            summary: Json::string($m['summary'], $path . '.summary'),
            kind: Json::oneOf($m['kind'], $path . '.kind', ['stale-limit']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'kind'} = $this->kind;
        $out->{'stack'} = $this->stack;
        $out->{'check'} = $this->check;
        $out->{'summary'} = $this->summary;
        return $out;
    }
}
