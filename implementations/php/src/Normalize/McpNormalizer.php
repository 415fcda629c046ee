<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;

/**
 * An MCP CallToolResult of 2025-06-18, 2025-11-25 or 2026-07-28 (§10.3–10.6), as arrays from
 * json_decode(…, true) or as objects.
 * An answer that is not a result yet throws PendingCall; an unknown resultType fails closed.
 */
final class McpNormalizer
{
    public const MALFORMED = '[malformed MCP tool result]';

    /** @throws PendingCall for a task handle or an input-required result (TR-NORM-23, TR-NORM-24) */
    public static function normalize(mixed $value, mixed $options = null): BoundedToolResult
    {
        $o = NormalizeOptions::from($options);
        if (!Source::isObject($value)) {
            return Finish::error(self::MALFORMED, $o);
        }
        // TR-NORM-22..25: what the answer is comes before what it holds; a pending call is thrown.
        $kind = ResultType::read($value);
        if ($kind === ResultType::MALFORMED) {
            return Finish::error(self::MALFORMED, $o);
        }
        if ($kind === ResultType::UNKNOWN) {
            return Finish::error(self::MALFORMED, $o, ['mcp.result_type_unknown']);
        }
        [$hasContent, $content] = Source::member($value, 'content');
        [$hasIsError, $isError] = Source::member($value, 'isError');
        if (($hasContent && !Source::isList($content)) || ($hasIsError && !is_bool($isError))) {
            return Finish::error(self::MALFORMED, $o);
        }
        $parts = new Parts();
        foreach ($hasContent ? $content : [] as $i => $block) {
            McpBlocks::read($block, "content[{$i}]", $parts, McpBlocks::isModelFacing($block));
        }
        [$hasStructured, $structured] = Source::member($value, 'structuredContent'); // _meta is never read (TR-NORM-21)
        return Finish::result($parts, $isError === true, $hasStructured ? $structured : Absent::Value, $o);
    }
}
