<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Fixed cases for the stack checks (spec/11-stacks.md): CallToolResults as real MCP servers
 * return them, with canary tokens planted and listed by where they stand. Every check whose
 * needs a case meets runs it.
 */
final readonly class StackVectorFile implements \JsonSerializable
{
    /**
     * @param string $description
     * @param list<StackVector> $cases
     * @param string|Absent $schema Absent::Value when absent.
     */
    public function __construct(
        public string $description,
        public array $cases,
        public string|Absent $schema = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['description', 'cases'], ['$schema', 'description', 'cases']);
        return new self(
            description: Json::string($m['description'], $path . '.description'),
            cases: Json::list(
                $m['cases'],
                $path . '.cases',
                static fn (mixed $x1, string $p1) => StackVector::fromJson($x1, $p1),
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
        $out->{'description'} = $this->description;
        $out->{'cases'} = $this->cases;
        return $out;
    }
}
