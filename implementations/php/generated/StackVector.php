<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class StackVector implements \JsonSerializable
{
    /**
     * @param string $id Unique within the file; the case is <file stem>/<id>.
     * @param string $description
     * @param string $source The server and tool whose output this is, and where its shape was read.
     * @param array<string, mixed> $result The CallToolResult the probe server returns, as it is.
     * @param StackVectorCanaries $canaries visible: in model-facing text; userOnly: in a block whose audience excludes
     *     the assistant; structured: in structuredContent and in no text block; meta: in result or block _meta; binary:
     *     inside base64 data.
     * @param array<string, mixed>|Absent $outputSchema Absent::Value when absent. The tool's outputSchema in
     *     tools/list, when it declares one.
     * @param bool|Absent $figure Absent::Value when absent. The case is measured for the budget figures (TR-STACK-9).
     */
    public function __construct(
        public string $id,
        public string $description,
        public string $source,
        public array $result,
        public StackVectorCanaries $canaries,
        public array|Absent $outputSchema = Absent::Value,
        public bool|Absent $figure = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['id', 'description', 'source', 'result', 'canaries'],
            ['id', 'description', 'source', 'result', 'outputSchema', 'canaries', 'figure'],
        );
        return new self(
            id: Json::string($m['id'], $path . '.id'),
            description: Json::string($m['description'], $path . '.description'),
            source: Json::string($m['source'], $path . '.source'),
            result: Json::map($m['result'], $path . '.result', static fn (mixed $x1, string $p1) => $x1),
            canaries: StackVectorCanaries::fromJson($m['canaries'], $path . '.canaries'),
            outputSchema: array_key_exists('outputSchema', $m) ? Json::map(
                $m['outputSchema'],
                $path . '.outputSchema',
                static fn (mixed $x1, string $p1) => $x1,
            ) : Absent::Value,
            figure: array_key_exists('figure', $m) ? Json::bool($m['figure'], $path . '.figure') : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'description'} = $this->description;
        $out->{'source'} = $this->source;
        $out->{'result'} = Json::object($this->result);
        if (!$this->outputSchema instanceof Absent) {
            $out->{'outputSchema'} = Json::object($this->outputSchema);
        }
        $out->{'canaries'} = $this->canaries;
        if (!$this->figure instanceof Absent) {
            $out->{'figure'} = $this->figure;
        }
        return $out;
    }
}
