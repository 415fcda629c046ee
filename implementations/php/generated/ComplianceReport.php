<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The stack compliance matrix (spec/11-stacks.md) as npm run compliance writes it to
 * stacks/compliance/report.json: which stack, at which exact versions and runtime, passes
 * which check, with the evidence of every failing cell and the command that replays it.
 */
final readonly class ComplianceReport implements \JsonSerializable
{
    /**
     * @param ComplianceReportKit $kit
     * @param list<ComplianceReportChecksItem> $checks
     * @param list<ComplianceReportStacksItem> $stacks
     * @param list<Cell> $cells
     * @param list<ComplianceReportFiguresItem> $figures
     * @param list<ComplianceReportFindingsItem> $findings What is wrong with the matrix's own declarations: a limit a
     *     row declares on a check whose cell now passes (stale-limit). npm run compliance exits 1, and --verify fails,
     *     while there is one.
     * @param string|Absent $schema Absent::Value when absent.
     */
    public function __construct(
        public ComplianceReportKit $kit,
        public array $checks,
        public array $stacks,
        public array $cells,
        public array $figures,
        public array $findings,
        public string|Absent $schema = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['kit', 'checks', 'stacks', 'cells', 'figures', 'findings'],
            ['$schema', 'kit', 'checks', 'stacks', 'cells', 'figures', 'findings'],
        );
        return new self(
            kit: ComplianceReportKit::fromJson($m['kit'], $path . '.kit'),
            checks: Json::list(
                $m['checks'],
                $path . '.checks',
                static fn (mixed $x1, string $p1) => ComplianceReportChecksItem::fromJson($x1, $p1),
            ),
            stacks: Json::list(
                $m['stacks'],
                $path . '.stacks',
                static fn (mixed $x1, string $p1) => ComplianceReportStacksItem::fromJson($x1, $p1),
            ),
            cells: Json::list(
                $m['cells'],
                $path . '.cells',
                static fn (mixed $x1, string $p1) => Cell::fromJson($x1, $p1),
            ),
            figures: Json::list(
                $m['figures'],
                $path . '.figures',
                static fn (mixed $x1, string $p1) => ComplianceReportFiguresItem::fromJson($x1, $p1),
            ),
            findings: Json::list(
                $m['findings'],
                $path . '.findings',
                static fn (mixed $x1, string $p1) => ComplianceReportFindingsItem::fromJson($x1, $p1),
            ),
            schema: array_key_exists('$schema', $m) ? Json::string($m['$schema'], $path . '.$schema') : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        if (!$this->schema instanceof Absent) {
            $out->{'$schema'} = $this->schema;
        }
        $out->{'kit'} = $this->kit;
        $out->{'checks'} = $this->checks;
        $out->{'stacks'} = $this->stacks;
        $out->{'cells'} = $this->cells;
        $out->{'figures'} = $this->figures;
        $out->{'findings'} = $this->findings;
        return $out;
    }
}
