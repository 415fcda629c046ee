<?php

declare(strict_types=1);

namespace ToolResult\Hooks;

use ToolResult\Bound\Bounder;
use ToolResult\Generated\WarningCode;
use ToolResult\Log\Logger;
use ToolResult\Log\NullLogger;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\BoundOptions;
use ToolResult\Model\NotBounded;
use ToolResult\Model\ToolResult;

/**
 * transformToolResult (chapter 08): hooks run in order on the whole bounded result; what a hook
 * returns is bounded again with the same budgets and keeps the warnings recorded before it; a hook
 * that throws or returns something that is not a tool result changes nothing but `hook.failed`.
 */
final class Pipeline
{
    /**
     * @param list<callable(BoundedToolResult, int): mixed> $hooks
     */
    public static function transform(
        mixed $result,
        array $hooks,
        mixed $options = null,
        ?Logger $logger = null,
    ): BoundedToolResult {
        $options = BoundOptions::from($options);
        $logger ??= new NullLogger();
        $current = NotBounded::check($result, 'transformToolResult');
        foreach (array_values($hooks) as $position => $hook) {
            try {
                $out = $hook($current, $position);
                $failed = !($out === null || $out instanceof ToolResult || BoundedToolResult::isGenuine($out));
            } catch (\Throwable) {
                $out = null;
                $failed = true; // nothing of the exception is kept or logged (TR-LOG-4, TR-HOOK-7)
            }
            if ($failed) {
                $logger->log('hook failed', ['position' => $position, 'warning' => WarningCode::HookFailed->value]);
                $current = Bounder::bound(Results::withWarnings($current, [WarningCode::HookFailed->value]), $options);
                continue;
            }
            if ($out === null) {
                continue; // TR-HOOK-2
            }
            $current = Bounder::bound(Results::withWarnings($out, $current->warnings()), $options);
        }
        return $current;
    }
}
