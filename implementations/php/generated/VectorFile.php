<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * One file of fixed conformance cases, plain JSON, usable from any language with a JSON
 * parser. Each case is one adapter request (op and input) and what the answer must be.
 */
final readonly class VectorFile implements \JsonSerializable
{
    /**
     * @param string $description
     * @param Group $group
     * @param Operation $op
     * @param list<VectorCase> $cases
     * @param string|Absent $schema Absent::Value when absent.
     * @param Provenance|Absent $provenance Absent::Value when absent.
     */
    public function __construct(
        public string $description,
        public Group $group,
        public Operation $op,
        public array $cases,
        public string|Absent $schema = Absent::Value,
        public Provenance|Absent $provenance = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['description', 'group', 'op', 'cases'],
            ['$schema', 'description', 'group', 'op', 'provenance', 'cases'],
        );
        return new self(
            description: Json::string($m['description'], $path . '.description'),
            group: Json::enum(Group::class, $m['group'], $path . '.group'),
            op: Json::enum(Operation::class, $m['op'], $path . '.op'),
            cases: Json::list(
                $m['cases'],
                $path . '.cases',
                static fn (mixed $x1, string $p1) => VectorCase::fromJson($x1, $p1),
            ),
            schema: array_key_exists('$schema', $m) ? Json::string($m['$schema'], $path . '.$schema') : Absent::Value,
            provenance: array_key_exists('provenance', $m) ? Provenance::fromJson(
                $m['provenance'],
                $path . '.provenance',
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        if (!$this->schema instanceof Absent) {
            $out->{'$schema'} = $this->schema;
        }
        $out->{'description'} = $this->description;
        $out->{'group'} = $this->group;
        $out->{'op'} = $this->op;
        if (!$this->provenance instanceof Absent) {
            $out->{'provenance'} = $this->provenance;
        }
        $out->{'cases'} = $this->cases;
        return $out;
    }
}
