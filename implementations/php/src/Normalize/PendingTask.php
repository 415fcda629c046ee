<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

/**
 * The task an MCP server started for a call: what polling it needs, nothing else. $taskVersion is
 * the task protocol it came in ('2026-07-28' or '2025-11-25'): the two are not wire-compatible.
 */
final class PendingTask
{
    public const VERSION_2026_07_28 = '2026-07-28';
    public const VERSION_2025_11_25 = '2025-11-25';

    public function __construct(
        public readonly string $taskId,
        public readonly string $status,
        public readonly string $taskVersion,
        public readonly ?int $pollIntervalMs = null,
    ) {
    }

    /** The kit protocol's form (NormalizeOutput pending). @return array<string, mixed> */
    public function toRecord(): array
    {
        $r = ['kind' => PendingCall::TASK, 'taskId' => $this->taskId, 'status' => $this->status];
        if ($this->pollIntervalMs !== null) {
            $r['pollIntervalMs'] = $this->pollIntervalMs;
        }
        $r['taskVersion'] = $this->taskVersion;
        return $r;
    }
}
