<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class Cell implements \JsonSerializable
{
    /** 'vectors': minimum from the schema. */
    public const VECTORS_MINIMUM = 0;

    /** 'generated': minimum from the schema. */
    public const GENERATED_MINIMUM = 0;

    /**
     * @param string $stack
     * @param string $check
     * @param 'pass'|'fail'|'limit'|'error'|'n/a' $verdict Judged at the provider body. limit: the check fails, the row
     *     declares it out of its stack's reach from outside (reason says why, upstream what the stack would have to
     *     change; the evidence is kept), and every failure is the one the limit expects (expects); a failure the limit
     *     does not expect makes the cell a fail; error: the adapter broke and the cell could not be judged; n/a: the
     *     check cannot be judged on this row (reason says why).
     * @param int $vectors
     * @param int $generated Generated cases run, shrinking steps included.
     * @param list<Evidence> $evidence
     * @param ModelVerdict $model
     * @param string|Absent $reason Absent::Value when absent.
     * @param string|Absent $upstream Absent::Value when absent. For limit: the change the stack or its provider package
     *     needs.
     * @param string|Absent $expects Absent::Value when absent. For limit, and for fail on a row that declares a limit
     *     on the check: the regular expression the summary of the failure the limit explains matches.
     */
    public function __construct(
        public string $stack,
        public string $check,
        public string $verdict,
        public int $vectors,
        public int $generated,
        public array $evidence,
        public ModelVerdict $model,
        public string|Absent $reason = Absent::Value,
        public string|Absent $upstream = Absent::Value,
        public string|Absent $expects = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['stack', 'check', 'verdict', 'vectors', 'generated', 'evidence', 'model'],
            ['stack', 'check', 'verdict', 'vectors', 'generated', 'reason', 'upstream', 'expects', 'evidence', 'model'],
        );
        return new self(
            stack: Json::string($m['stack'], $path . '.stack'),
            check: Json::string($m['check'], $path . '.check'),
            verdict: Json::oneOf($m['verdict'], $path . '.verdict', ['pass', 'fail', 'limit', 'error', 'n/a']),
            vectors: Json::int($m['vectors'], $path . '.vectors'),
            generated: Json::int($m['generated'], $path . '.generated'),
            evidence: Json::list(
                $m['evidence'],
                $path . '.evidence',
                static fn (mixed $x1, string $p1) => Evidence::fromJson($x1, $p1),
            ),
            model: ModelVerdict::fromJson($m['model'], $path . '.model'),
            reason: array_key_exists('reason', $m) ? Json::string($m['reason'], $path . '.reason') : Absent::Value,
            upstream: array_key_exists('upstream', $m) ? Json::string(
                $m['upstream'],
                $path . '.upstream',
            ) : Absent::Value,
            expects: array_key_exists('expects', $m) ? Json::string($m['expects'], $path . '.expects') : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'stack'} = $this->stack;
        $out->{'check'} = $this->check;
        $out->{'verdict'} = $this->verdict;
        $out->{'vectors'} = $this->vectors;
        $out->{'generated'} = $this->generated;
        if (!$this->reason instanceof Absent) {
            $out->{'reason'} = $this->reason;
        }
        if (!$this->upstream instanceof Absent) {
            $out->{'upstream'} = $this->upstream;
        }
        if (!$this->expects instanceof Absent) {
            $out->{'expects'} = $this->expects;
        }
        $out->{'evidence'} = $this->evidence;
        $out->{'model'} = $this->model;
        return $out;
    }
}
