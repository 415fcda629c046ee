<?php

declare(strict_types=1);

namespace ToolResult\Hooks;

use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\ToolResult;

/** What hooks build their results with (TR-HOOK-3): the same result with new text, or without structured. */
final class Results
{
    /** The same result with text $content: isError, structured, artifacts and warnings kept. */
    public static function withContent(BoundedToolResult|ToolResult $r, string $content): ToolResult|array
    {
        return self::rebuild($r, $content, $r->hasStructured() ? $r->structured() : Absent::Value, $r->warnings());
    }

    /** The same result without structured data: the one explicit way to drop it. */
    public static function withoutStructured(BoundedToolResult|ToolResult $r): ToolResult|array
    {
        return self::rebuild($r, $r->content, Absent::Value, $r->warnings());
    }

    /** The same result with more warning codes (merged, sorted and made unique by the bounder). */
    public static function withWarnings(BoundedToolResult|ToolResult|array $r, array $codes): ToolResult|array
    {
        if (is_array($r)) {
            $r['warnings'] = array_merge($r['warnings'] ?? [], $codes);
            return $r;
        }
        $structured = $r->hasStructured() ? $r->structured() : Absent::Value;
        return self::rebuild($r, $r->content, $structured, array_merge($r->warnings(), $codes));
    }

    private static function rebuild(
        BoundedToolResult|ToolResult $r,
        string $content,
        mixed $structured,
        array $warnings,
    ): ToolResult|array {
        if ($r->isError) {
            $artifacts = $r->artifacts();
            if ($artifacts !== []) {
                // An error that still holds artifacts (only a raw ToolResult can): handed on as an
                // untyped mapping so that the bounder drops them with their warning.
                $m = ['content' => $content, 'isError' => true, 'artifacts' => $artifacts, 'warnings' => $warnings];
                if ($structured !== Absent::Value) {
                    $m['structured'] = $structured;
                }
                return $m;
            }
            return ToolResult::error($content, $structured, $warnings);
        }
        return ToolResult::text($content, $structured, $r->artifacts(), $warnings);
    }
}
