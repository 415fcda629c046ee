<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class ComplianceReportKit implements \JsonSerializable
{
    /** 'seed': minimum from the schema. */
    public const SEED_MINIMUM = 0;

    /** 'runs': minimum from the schema. */
    public const RUNS_MINIMUM = 0;

    /**
     * @param string $version The specification and kit version.
     * @param int $seed
     * @param int $runs Generated cases per cell before shrinking.
     * @param list<string> $vectors IDs of the fixed vectors (<file stem>/<id>).
     */
    public function __construct(
        public string $version,
        public int $seed,
        public int $runs,
        public array $vectors,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['version', 'seed', 'runs', 'vectors'],
            ['version', 'seed', 'runs', 'vectors'],
        );
        return new self(
            version: Json::string($m['version'], $path . '.version'),
            seed: Json::int($m['seed'], $path . '.seed'),
            runs: Json::int($m['runs'], $path . '.runs'),
            vectors: Json::list(
                $m['vectors'],
                $path . '.vectors',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'version'} = $this->version;
        $out->{'seed'} = $this->seed;
        $out->{'runs'} = $this->runs;
        $out->{'vectors'} = $this->vectors;
        return $out;
    }
}
