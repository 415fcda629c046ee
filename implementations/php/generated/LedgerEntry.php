<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A replay-ledger entry (spec/07-replay.md): the bounded, post-hook result of a tool call,
 * stored so that a repeated call with the same call ID returns it without running the tool.
 * Serialized as RFC 8785 canonical JSON. A legacy entry, a JSON string, restores as text only
 * and has no schema of its own.
 */
final readonly class LedgerEntry implements \JsonSerializable
{
    /**
     * @param ToolResult $result
     * @param 1 $version The entry format. A reader refuses a version it does not know (ledger.unknown_version).
     */
    public function __construct(
        public ToolResult $result,
        public int $version = 1,
    ) {
        if ($this->version !== 1) {
            throw new DecodeError('LedgerEntry: member \'version\' must be 1');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['version', 'result'], ['version', 'result']);
        return new self(
            result: ToolResult::fromJson($m['result'], $path . '.result'),
            version: Json::oneOf($m['version'], $path . '.version', [1]),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'version'} = $this->version;
        $out->{'result'} = $this->result;
        return $out;
    }
}
