<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Level none: the step is on record, nothing of its result is.
 */
final readonly class NoneAuditRecord implements \JsonSerializable
{
    /**
     * @param 1 $version
     * @param 'none' $level
     */
    public function __construct(
        public int $version = 1,
        public string $level = 'none',
    ) {
        if ($this->version !== 1) {
            throw new DecodeError('NoneAuditRecord: member \'version\' must be 1');
        }
        if ($this->level !== 'none') {
            throw new DecodeError('NoneAuditRecord: member \'level\' must be "none"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['version', 'level'], ['version', 'level']);
        return new self(
            version: Json::oneOf($m['version'], $path . '.version', [1]),
            level: Json::oneOf($m['level'], $path . '.level', ['none']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'version'} = $this->version;
        $out->{'level'} = $this->level;
        return $out;
    }
}
