<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;

/** An MCP CallToolResult of 2025-06-18, 2025-11-25 or 2026-07-28 (§10.3–10.6), as arrays from json_decode(…, true) or as objects. */
final class McpNormalizer
{
    public const MALFORMED = '[malformed MCP tool result]';

    public static function normalize(mixed $value, mixed $options = null): BoundedToolResult
    {
        $o = NormalizeOptions::from($options);
        if (!Source::isObject($value)) {
            return Finish::error(self::MALFORMED, $o);
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
