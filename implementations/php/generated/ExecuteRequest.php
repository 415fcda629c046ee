<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Run the suite tool for one call ID through the worker's execution seam and ledger store.
 */
final readonly class ExecuteRequest implements \JsonSerializable
{
    /** 'delayMs': minimum from the schema. */
    public const DELAY_MS_MINIMUM = 0;

    /**
     * @param int $id
     * @param string $callId
     * @param 'execute' $op
     * @param int|Absent $delayMs Absent::Value when absent. How long the tool sleeps before it returns.
     * @param bool|Absent $hang Absent::Value when absent. The tool says running and never returns (the worker is killed
     *     or stopped).
     * @param string|Absent $scope Absent::Value when absent.
     * @param string|Absent $tool Absent::Value when absent.
     * @param array<string, mixed>|Absent $arguments Absent::Value when absent.
     */
    public function __construct(
        public int $id,
        public string $callId,
        public string $op = 'execute',
        public int|Absent $delayMs = Absent::Value,
        public bool|Absent $hang = Absent::Value,
        public string|Absent $scope = Absent::Value,
        public string|Absent $tool = Absent::Value,
        public array|Absent $arguments = Absent::Value,
    ) {
        if ($this->op !== 'execute') {
            throw new DecodeError('ExecuteRequest: member \'op\' must be "execute"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['id', 'op', 'callId'],
            ['id', 'op', 'callId', 'delayMs', 'hang', 'scope', 'tool', 'arguments'],
        );
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            callId: Json::string($m['callId'], $path . '.callId'),
            op: Json::oneOf($m['op'], $path . '.op', ['execute']),
            delayMs: array_key_exists('delayMs', $m) ? Json::int($m['delayMs'], $path . '.delayMs') : Absent::Value,
            hang: array_key_exists('hang', $m) ? Json::bool($m['hang'], $path . '.hang') : Absent::Value,
            scope: array_key_exists('scope', $m) ? Json::string($m['scope'], $path . '.scope') : Absent::Value,
            tool: array_key_exists('tool', $m) ? Json::string($m['tool'], $path . '.tool') : Absent::Value,
            arguments: array_key_exists('arguments', $m) ? Json::map(
                $m['arguments'],
                $path . '.arguments',
                static fn (mixed $x1, string $p1) => $x1,
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'op'} = $this->op;
        $out->{'callId'} = $this->callId;
        if (!$this->delayMs instanceof Absent) {
            $out->{'delayMs'} = $this->delayMs;
        }
        if (!$this->hang instanceof Absent) {
            $out->{'hang'} = $this->hang;
        }
        if (!$this->scope instanceof Absent) {
            $out->{'scope'} = $this->scope;
        }
        if (!$this->tool instanceof Absent) {
            $out->{'tool'} = $this->tool;
        }
        if (!$this->arguments instanceof Absent) {
            $out->{'arguments'} = Json::object($this->arguments);
        }
        return $out;
    }
}
