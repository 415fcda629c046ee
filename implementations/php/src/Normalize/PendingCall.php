<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

/**
 * Thrown by the MCP normalizer for an answer that is not a result yet (§10.3, TR-NORM-23,
 * TR-NORM-24): a task handle (2026-07-28 resultType "task", or a 2025-11-25 CreateTaskResult) or
 * an input-required result. The caller continues it (polls the task) or ends it. The message is
 * fixed per kind and never holds the task ID or any other value of the answer, so it can be logged.
 */
final class PendingCall extends \RuntimeException
{
    public const TASK = 'task';
    public const INPUT_REQUIRED = 'input_required';

    private function __construct(public readonly string $kind, public readonly ?PendingTask $task)
    {
        parent::__construct($kind === self::TASK
            ? 'the MCP server answered with a task handle; the call is not finished'
            : 'the MCP server asked for input; the call is not finished');
    }

    public static function task(PendingTask $task): self
    {
        return new self(self::TASK, $task);
    }

    public static function inputRequired(): self
    {
        return new self(self::INPUT_REQUIRED, null);
    }

    /** The kit protocol's form (NormalizeOutput pending). @return array<string, mixed> */
    public function toRecord(): array
    {
        return $this->task?->toRecord() ?? ['kind' => self::INPUT_REQUIRED];
    }
}
