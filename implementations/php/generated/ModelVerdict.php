<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The same check on the model-interface requests of the same steps (what the stack handed its
 * provider package), so a reader sees whether a leak or loss starts in the stack or in the
 * provider package.
 */
final readonly class ModelVerdict implements \JsonSerializable
{
    /**
     * @param 'pass'|'fail'|'n/a' $verdict
     * @param string|Absent $case Absent::Value when absent. The first failing case (a vector ID, or the start of a
     *     generated input) in the order the cell ran them: every case of the cell is judged at the model interface. Not
     *     shrunk.
     * @param string|Absent $summary Absent::Value when absent. What went wrong, or for n/a why the check does not apply
     *     at the model interface.
     * @param string|Absent $canary Absent::Value when absent.
     * @param list<Occurrence>|Absent $found Absent::Value when absent.
     */
    public function __construct(
        public string $verdict,
        public string|Absent $case = Absent::Value,
        public string|Absent $summary = Absent::Value,
        public string|Absent $canary = Absent::Value,
        public array|Absent $found = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['verdict'], ['verdict', 'case', 'summary', 'canary', 'found']);
        return new self(
            verdict: Json::oneOf($m['verdict'], $path . '.verdict', ['pass', 'fail', 'n/a']),
            case: array_key_exists('case', $m) ? Json::string($m['case'], $path . '.case') : Absent::Value,
            summary: array_key_exists('summary', $m) ? Json::string($m['summary'], $path . '.summary') : Absent::Value,
            canary: array_key_exists('canary', $m) ? Json::string($m['canary'], $path . '.canary') : Absent::Value,
            found: array_key_exists('found', $m) ? Json::list(
                $m['found'],
                $path . '.found',
                static fn (mixed $x1, string $p1) => Occurrence::fromJson($x1, $p1),
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'verdict'} = $this->verdict;
        if (!$this->case instanceof Absent) {
            $out->{'case'} = $this->case;
        }
        if (!$this->summary instanceof Absent) {
            $out->{'summary'} = $this->summary;
        }
        if (!$this->canary instanceof Absent) {
            $out->{'canary'} = $this->canary;
        }
        if (!$this->found instanceof Absent) {
            $out->{'found'} = $this->found;
        }
        return $out;
    }
}
