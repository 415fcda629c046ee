<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

/**
 * Reads what an MCP answer is before any of its content (TR-NORM-22..25): resultType absent or
 * "complete" is a result (then a 2025-11-25 CreateTaskResult is told by its shape), "task" and
 * "input_required" are pending calls (thrown), anything else is unknown.
 */
final class ResultType
{
    public const RESULT = 'result';
    public const MALFORMED = 'malformed';
    public const UNKNOWN = 'unknown';

    /** @return self::RESULT|self::MALFORMED|self::UNKNOWN  @throws PendingCall */
    public static function read(mixed $value): string
    {
        [$given, $resultType] = Source::member($value, 'resultType');
        if (!$given) {
            return self::legacyTask($value);
        }
        if ($resultType === 'complete') {
            return self::RESULT;
        }
        if ($resultType === 'input_required') {
            throw PendingCall::inputRequired();
        }
        if ($resultType !== 'task') {
            return self::UNKNOWN;
        }
        // TR-NORM-23: a 2026-07-28 CreateTaskResult holds the Task's members at its top level.
        $taskId = Source::string($value, 'taskId');
        $status = Source::string($value, 'status');
        if ($taskId === null || $status === null) {
            return self::MALFORMED;
        }
        $interval = self::interval(Source::get($value, 'pollIntervalMs'));
        throw PendingCall::task(new PendingTask($taskId, $status, PendingTask::VERSION_2026_07_28, $interval));
    }

    /** TR-NORM-23: a 2025-11-25 CreateTaskResult has no resultType and no content, and a task whose taskId is a string. */
    private static function legacyTask(mixed $value): string
    {
        [$hasContent] = Source::member($value, 'content');
        $task = Source::get($value, 'task');
        if ($hasContent || !Source::isObject($task)) {
            return self::RESULT;
        }
        $taskId = Source::string($task, 'taskId');
        if ($taskId === null) {
            return self::RESULT;
        }
        $status = Source::string($task, 'status');
        if ($status === null) {
            return self::MALFORMED;
        }
        $interval = self::interval(Source::get($task, 'pollInterval'));
        throw PendingCall::task(new PendingTask($taskId, $status, PendingTask::VERSION_2025_11_25, $interval));
    }

    /** An integer from 0 to 2^53 - 1 (5.0 is 5), else null: the interval is advice, so a bad one is dropped. */
    private static function interval(mixed $v): ?int
    {
        if (is_int($v)) {
            return $v >= 0 && $v <= 9007199254740991 ? $v : null;
        }
        if (is_float($v) && is_finite($v) && floor($v) === $v && $v >= 0 && $v <= 9007199254740991.0) {
            return (int) $v;
        }
        return null;
    }
}
