<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * depth containers nested one in the other around leaf: arrays ([[leaf]]) or objects whose one
 * key is key ({"k":{"k":leaf}}). Lets a case ask for a depth of 100000 without a 100000-level
 * JSON text.
 */
final readonly class NestTag implements \JsonSerializable
{
    /** 'depth': minimum, maximum from the schema. */
    public const DEPTH_MINIMUM = 0;
    public const DEPTH_MAXIMUM = 1000000;

    /**
     * @param int $depth
     * @param 'array'|'object' $kind
     * @param mixed $leaf
     * @param 'nest' $tr
     * @param string|Absent $key Absent::Value when absent.
     */
    public function __construct(
        public int $depth,
        public string $kind,
        public mixed $leaf,
        public string $tr = 'nest',
        public string|Absent $key = Absent::Value,
    ) {
        if ($this->tr !== 'nest') {
            throw new DecodeError('NestTag: member \'$tr\' must be "nest"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['$tr', 'depth', 'kind', 'leaf'], ['$tr', 'depth', 'kind', 'key', 'leaf']);
        return new self(
            depth: Json::int($m['depth'], $path . '.depth'),
            kind: Json::oneOf($m['kind'], $path . '.kind', ['array', 'object']),
            leaf: $m['leaf'],
            tr: Json::oneOf($m['$tr'], $path . '.$tr', ['nest']),
            key: array_key_exists('key', $m) ? Json::string($m['key'], $path . '.key') : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'$tr'} = $this->tr;
        $out->{'depth'} = $this->depth;
        $out->{'kind'} = $this->kind;
        if (!$this->key instanceof Absent) {
            $out->{'key'} = $this->key;
        }
        $out->{'leaf'} = $this->leaf;
        return $out;
    }
}
