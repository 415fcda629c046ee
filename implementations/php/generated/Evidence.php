<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class Evidence implements \JsonSerializable
{
    /**
     * @param 'vector'|'generated' $source
     * @param string $case The vector ID, or seed and fast-check path of the shrunk generated case.
     * @param EvidenceInput $input
     * @param string $summary
     * @param string $replay The command that replays exactly this case against this stack.
     * @param string|Absent $canary Absent::Value when absent.
     * @param list<Occurrence>|Absent $found Absent::Value when absent.
     * @param mixed $wanted Absent::Value when absent. What the runtime was to keep (loss checks).
     * @param mixed $kept Absent::Value when absent. What the stack kept for the runtime, shortened.
     * @param string|Absent $threw Absent::Value when absent.
     * @param mixed $part Absent::Value when absent. The tool-result part the model was given (TR-STACK-8), shortened.
     */
    public function __construct(
        public string $source,
        public string $case,
        public EvidenceInput $input,
        public string $summary,
        public string $replay,
        public string|Absent $canary = Absent::Value,
        public array|Absent $found = Absent::Value,
        public mixed $wanted = Absent::Value,
        public mixed $kept = Absent::Value,
        public string|Absent $threw = Absent::Value,
        public mixed $part = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['source', 'case', 'input', 'summary', 'replay'],
            ['source', 'case', 'input', 'summary', 'canary', 'found', 'wanted', 'kept', 'threw', 'part', 'replay'],
        );
        return new self(
            source: Json::oneOf($m['source'], $path . '.source', ['vector', 'generated']),
            case: Json::string($m['case'], $path . '.case'),
            input: EvidenceInput::fromJson($m['input'], $path . '.input'),
            summary: Json::string($m['summary'], $path . '.summary'),
            replay: Json::string($m['replay'], $path . '.replay'),
            canary: array_key_exists('canary', $m) ? Json::string($m['canary'], $path . '.canary') : Absent::Value,
            found: array_key_exists('found', $m) ? Json::list(
                $m['found'],
                $path . '.found',
                static fn (mixed $x1, string $p1) => Occurrence::fromJson($x1, $p1),
            ) : Absent::Value,
            wanted: array_key_exists('wanted', $m) ? $m['wanted'] : Absent::Value,
            kept: array_key_exists('kept', $m) ? $m['kept'] : Absent::Value,
            threw: array_key_exists('threw', $m) ? Json::string($m['threw'], $path . '.threw') : Absent::Value,
            part: array_key_exists('part', $m) ? $m['part'] : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'source'} = $this->source;
        $out->{'case'} = $this->case;
        $out->{'input'} = $this->input;
        $out->{'summary'} = $this->summary;
        if (!$this->canary instanceof Absent) {
            $out->{'canary'} = $this->canary;
        }
        if (!$this->found instanceof Absent) {
            $out->{'found'} = $this->found;
        }
        if (!$this->wanted instanceof Absent) {
            $out->{'wanted'} = $this->wanted;
        }
        if (!$this->kept instanceof Absent) {
            $out->{'kept'} = $this->kept;
        }
        if (!$this->threw instanceof Absent) {
            $out->{'threw'} = $this->threw;
        }
        if (!$this->part instanceof Absent) {
            $out->{'part'} = $this->part;
        }
        $out->{'replay'} = $this->replay;
        return $out;
    }
}
