<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The model sees content only (TR-EXPOSE-1).
 */
final readonly class NoneExposurePolicy implements \JsonSerializable
{
    /**
     * @param 'none' $policy
     */
    public function __construct(
        public string $policy = 'none',
    ) {
        if ($this->policy !== 'none') {
            throw new DecodeError('NoneExposurePolicy: member \'policy\' must be "none"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['policy'], ['policy']);
        return new self(
            policy: Json::oneOf($m['policy'], $path . '.policy', ['none']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'policy'} = $this->policy;
        return $out;
    }
}
