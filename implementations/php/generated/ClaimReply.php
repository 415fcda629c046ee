<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * What the store's claim answered: claimed (the worker holds the claim; with task when the
 * claim took over a call whose claimant died after recording a task, TR-REPLAY-43), stored
 * (with the entry, byte for byte), or pending (another claim's lease is live).
 */
final readonly class ClaimReply implements \JsonSerializable
{
    /**
     * @param int $id
     * @param 'claimed'|'stored'|'pending' $status
     * @param true $ok
     * @param ClaimReplyTask|Absent $task Absent::Value when absent.
     * @param string|Absent $entry Absent::Value when absent.
     */
    public function __construct(
        public int $id,
        public string $status,
        public bool $ok = true,
        public ClaimReplyTask|Absent $task = Absent::Value,
        public string|Absent $entry = Absent::Value,
    ) {
        if ($this->ok !== true) {
            throw new DecodeError('ClaimReply: member \'ok\' must be true');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'ok', 'status'], ['id', 'ok', 'status', 'task', 'entry']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            status: Json::oneOf($m['status'], $path . '.status', ['claimed', 'stored', 'pending']),
            ok: Json::oneOf($m['ok'], $path . '.ok', [true]),
            task: array_key_exists('task', $m) ? ClaimReplyTask::fromJson($m['task'], $path . '.task') : Absent::Value,
            entry: array_key_exists('entry', $m) ? Json::string($m['entry'], $path . '.entry') : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'ok'} = $this->ok;
        $out->{'status'} = $this->status;
        if (!$this->task instanceof Absent) {
            $out->{'task'} = $this->task;
        }
        if (!$this->entry instanceof Absent) {
            $out->{'entry'} = $this->entry;
        }
        return $out;
    }
}
