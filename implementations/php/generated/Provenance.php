<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Where recorded inputs came from: the cases' inputs are what the named packages, at exactly
 * these versions, produced when the recorder drove them; the recorder re-records and compares.
 */
final readonly class Provenance implements \JsonSerializable
{
    /**
     * @param string $recorder The recorder's path in the repository.
     * @param string $runtime The language runtime and its version, e.g. python 3.11.7.
     * @param array<string, string> $packages Package name to its exact installed version.
     */
    public function __construct(
        public string $recorder,
        public string $runtime,
        public array $packages,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['recorder', 'runtime', 'packages'], ['recorder', 'runtime', 'packages']);
        return new self(
            recorder: Json::string($m['recorder'], $path . '.recorder'),
            runtime: Json::string($m['runtime'], $path . '.runtime'),
            packages: Json::map(
                $m['packages'],
                $path . '.packages',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'recorder'} = $this->recorder;
        $out->{'runtime'} = $this->runtime;
        $out->{'packages'} = Json::object($this->packages);
        return $out;
    }
}
