<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * One case of the run.
 */
final readonly class CaseOutcome implements \JsonSerializable
{
    /** 'durationMs': minimum from the schema. */
    public const DURATION_MS_MINIMUM = 0;

    /**
     * @param string $id The case ID, vector/<group>/<file>/<case> or property/<requirement>/<name>.
     * @param list<string> $requirements
     * @param 'pass'|'fail'|'skip'|'expected-failure'|'stale' $status
     * @param int|float $durationMs
     * @param string|Absent $skipReason Absent::Value when absent. Why a skipped case did not run (a group not claimed,
     *     an ability the handshake lacks, --max-failures).
     * @param CaseFailure|Absent $failure Absent::Value when absent.
     * @param string|Absent $replay Absent::Value when absent. The command that replays the failure.
     */
    public function __construct(
        public string $id,
        public array $requirements,
        public string $status,
        public int|float $durationMs,
        public string|Absent $skipReason = Absent::Value,
        public CaseFailure|Absent $failure = Absent::Value,
        public string|Absent $replay = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['id', 'requirements', 'status', 'durationMs'],
            ['id', 'requirements', 'status', 'durationMs', 'skipReason', 'failure', 'replay'],
        );
        return new self(
            id: Json::string($m['id'], $path . '.id'),
            requirements: Json::list(
                $m['requirements'],
                $path . '.requirements',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            status: Json::oneOf($m['status'], $path . '.status', ['pass', 'fail', 'skip', 'expected-failure', 'stale']),
            durationMs: Json::number($m['durationMs'], $path . '.durationMs'),
            skipReason: array_key_exists('skipReason', $m) ? Json::string(
                $m['skipReason'],
                $path . '.skipReason',
            ) : Absent::Value,
            failure: array_key_exists('failure', $m) ? CaseFailure::fromJson(
                $m['failure'],
                $path . '.failure',
            ) : Absent::Value,
            replay: array_key_exists('replay', $m) ? Json::string($m['replay'], $path . '.replay') : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'requirements'} = $this->requirements;
        $out->{'status'} = $this->status;
        $out->{'durationMs'} = $this->durationMs;
        if (!$this->skipReason instanceof Absent) {
            $out->{'skipReason'} = $this->skipReason;
        }
        if (!$this->failure instanceof Absent) {
            $out->{'failure'} = $this->failure;
        }
        if (!$this->replay instanceof Absent) {
            $out->{'replay'} = $this->replay;
        }
        return $out;
    }
}
