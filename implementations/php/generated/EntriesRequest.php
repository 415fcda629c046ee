<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Read the stored entries of call IDs, without running anything; scope, tool and arguments,
 * when given, name the call of every call ID of the request.
 */
final readonly class EntriesRequest implements \JsonSerializable
{
    /**
     * @param int $id
     * @param list<string> $callIds
     * @param 'entries' $op
     * @param string|Absent $scope Absent::Value when absent.
     * @param string|Absent $tool Absent::Value when absent.
     * @param array<string, mixed>|Absent $arguments Absent::Value when absent.
     */
    public function __construct(
        public int $id,
        public array $callIds,
        public string $op = 'entries',
        public string|Absent $scope = Absent::Value,
        public string|Absent $tool = Absent::Value,
        public array|Absent $arguments = Absent::Value,
    ) {
        if ($this->op !== 'entries') {
            throw new DecodeError('EntriesRequest: member \'op\' must be "entries"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['id', 'op', 'callIds'],
            ['id', 'op', 'callIds', 'scope', 'tool', 'arguments'],
        );
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            callIds: Json::list(
                $m['callIds'],
                $path . '.callIds',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            op: Json::oneOf($m['op'], $path . '.op', ['entries']),
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
        $out->{'callIds'} = $this->callIds;
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
