<?php

declare(strict_types=1);

namespace ToolResult\Bound;

/** The content cap (TR-BOUND-3): the longest code-point prefix plus the truncation notice. */
final class ContentCap
{
    public static function notice(int $budget): string
    {
        return "\n\u{2026}[tool result truncated at {$budget} bytes]";
    }

    /** @return array{0:string,1:bool} the bounded content and whether it was cut */
    public static function apply(string $raw, int $budget): array
    {
        if (strlen($raw) <= $budget) {
            $s = Utf8::coerce($raw);
            if (strlen($s) <= $budget) {
                return [$s, false];
            }
        }
        $notice = self::notice($budget);
        $keep = $budget - strlen($notice);
        // Coercion never shortens, and decodes left to right looking at most four octets ahead: every
        // character of coerce($raw[0..$budget]) that starts before output octet $keep (< $budget − 3)
        // is the one coerce($raw) has there. Only that prefix is coerced (TR-BOUND-16).
        $head = Utf8::coerce(substr($raw, 0, $budget));
        return [Utf8::prefix($head, $keep) . $notice, true];
    }
}
