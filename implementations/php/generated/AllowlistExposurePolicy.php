<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The model also sees the values the pointers select, and nothing else of the structured
 * value.
 */
final readonly class AllowlistExposurePolicy implements \JsonSerializable
{
    /**
     * @param list<string> $pointers JSON Pointers (RFC 6901) into the structured value. No wildcards: '*' is a member
     *     name like any other.
     * @param 'allowlist' $policy
     */
    public function __construct(
        public array $pointers,
        public string $policy = 'allowlist',
    ) {
        if ($this->policy !== 'allowlist') {
            throw new DecodeError('AllowlistExposurePolicy: member \'policy\' must be "allowlist"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['policy', 'pointers'], ['policy', 'pointers']);
        return new self(
            pointers: Json::list(
                $m['pointers'],
                $path . '.pointers',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            policy: Json::oneOf($m['policy'], $path . '.policy', ['allowlist']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'policy'} = $this->policy;
        $out->{'pointers'} = $this->pointers;
        return $out;
    }
}
