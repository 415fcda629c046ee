<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

use ToolResult\Json\CanonicalJson;

/**
 * A task recorded with a claim (spec/07-replay.md §7.7, TR-REPLAY-42..45). While a row is claimed,
 * its entry column holds NULL or the canonical JSON {"task":{"taskId":"<id>"}}: the layout does not
 * change, and a claim that meets the row after its lease ran out takes the task over instead of
 * recording the call as interrupted.
 */
final class TaskEntry
{
    /**
     * A task ID a store keeps unchanged: a call ID's limits (TR-REPLAY-21, TR-REPLAY-42), or an
     * InvalidArgumentException that never quotes the ID (a server chose it).
     */
    public static function checkTaskId(string $taskId): void
    {
        try {
            StoreRules::checkCallId($taskId);
        } catch (\InvalidArgumentException $e) {
            throw new \InvalidArgumentException(str_replace('a call ID', 'a task ID', $e->getMessage()));
        }
    }

    /** The entry column of a claimed row holding the task: the same octets in every language (TR-REPLAY-44). */
    public static function entry(string $taskId): string
    {
        self::checkTaskId($taskId);
        return CanonicalJson::encode(['task' => ['taskId' => $taskId]]);
    }

    /**
     * The task ID a claimed row's entry column holds, or null. Only the exact octets entry() writes
     * count (TR-REPLAY-44): anything else is no task, and a claim that meets it after the lease records
     * the interrupted entry, as before tasks.
     */
    public static function taskOf(mixed $stored): ?string
    {
        if (is_resource($stored)) {
            $stored = stream_get_contents($stored);
        }
        if (!is_string($stored) || $stored === '') {
            return null;
        }
        $parsed = json_decode($stored, true, 3);
        $taskId = is_array($parsed) && is_array($parsed['task'] ?? null) ? ($parsed['task']['taskId'] ?? null) : null;
        if (!is_string($taskId)) {
            return null;
        }
        try {
            return self::entry($taskId) === $stored ? $taskId : null;
        } catch (\InvalidArgumentException) {
            return null;
        }
    }
}
