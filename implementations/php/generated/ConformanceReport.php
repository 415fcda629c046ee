<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * What `toolresult conformance --report-json FILE` writes: which kit and specification version
 * ran, against which adapter, and every selected case's outcome (spec/09-conformance.md §9.4).
 */
final readonly class ConformanceReport implements \JsonSerializable
{
    /**
     * @param string $kitVersion The version of the package that holds the kit (package.json).
     * @param string $specVersion The version of the specification the kit's cases check (spec/00-index.md).
     * @param string $protocol The adapter protocol the runner speaks.
     * @param int $seed The property seed of the run.
     * @param list<string> $command The adapter command.
     * @param ReportSummary $summary
     * @param list<CaseOutcome> $cases
     * @param 'toolresult-conformance' $kit
     * @param 1 $reportVersion The version of this report format; a new optional member keeps it, anything else changes
     *     it.
     * @param string|Absent $schema Absent::Value when absent.
     * @param Handshake|Absent $adapter Absent::Value when absent. The adapter's handshake answer; absent when it never
     *     answered.
     */
    public function __construct(
        public string $kitVersion,
        public string $specVersion,
        public string $protocol,
        public int $seed,
        public array $command,
        public ReportSummary $summary,
        public array $cases,
        public string $kit = 'toolresult-conformance',
        public int $reportVersion = 1,
        public string|Absent $schema = Absent::Value,
        public Handshake|Absent $adapter = Absent::Value,
    ) {
        if ($this->kit !== 'toolresult-conformance') {
            throw new DecodeError('ConformanceReport: member \'kit\' must be "toolresult-conformance"');
        }
        if ($this->reportVersion !== 1) {
            throw new DecodeError('ConformanceReport: member \'reportVersion\' must be 1');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['kit', 'reportVersion', 'kitVersion', 'specVersion', 'protocol', 'seed', 'command', 'summary', 'cases'],
            [
                '$schema',
                'kit',
                'reportVersion',
                'kitVersion',
                'specVersion',
                'protocol',
                'seed',
                'command',
                'adapter',
                'summary',
                'cases',
            ],
        );
        return new self(
            kitVersion: Json::string($m['kitVersion'], $path . '.kitVersion'),
            specVersion: Json::string($m['specVersion'], $path . '.specVersion'),
            protocol: Json::string($m['protocol'], $path . '.protocol'),
            seed: Json::int($m['seed'], $path . '.seed'),
            command: Json::list(
                $m['command'],
                $path . '.command',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            summary: ReportSummary::fromJson($m['summary'], $path . '.summary'),
            cases: Json::list(
                $m['cases'],
                $path . '.cases',
                static fn (mixed $x1, string $p1) => CaseOutcome::fromJson($x1, $p1),
            ),
            kit: Json::oneOf($m['kit'], $path . '.kit', ['toolresult-conformance']),
            reportVersion: Json::oneOf($m['reportVersion'], $path . '.reportVersion', [1]),
            schema: array_key_exists('$schema', $m) ? Json::string($m['$schema'], $path . '.$schema') : Absent::Value,
            adapter: array_key_exists('adapter', $m) ? Handshake::fromJson(
                $m['adapter'],
                $path . '.adapter',
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        if (!$this->schema instanceof Absent) {
            $out->{'$schema'} = $this->schema;
        }
        $out->{'kit'} = $this->kit;
        $out->{'reportVersion'} = $this->reportVersion;
        $out->{'kitVersion'} = $this->kitVersion;
        $out->{'specVersion'} = $this->specVersion;
        $out->{'protocol'} = $this->protocol;
        $out->{'seed'} = $this->seed;
        $out->{'command'} = $this->command;
        if (!$this->adapter instanceof Absent) {
            $out->{'adapter'} = $this->adapter;
        }
        $out->{'summary'} = $this->summary;
        $out->{'cases'} = $this->cases;
        return $out;
    }
}
