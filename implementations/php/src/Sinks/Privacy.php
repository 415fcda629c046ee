<?php

declare(strict_types=1);

namespace ToolResult\Sinks;

use ToolResult\Generated\PrivacyLevel;

/** Privacy levels (TR-PRIV-1, TR-PRIV-2): the strictest of those set; an unknown setting is none. */
final class Privacy
{
    /** @param list<mixed> $settings */
    public static function effective(array $settings): string
    {
        if ($settings === []) {
            return PrivacyLevel::Metadata->value;
        }
        // The schema lists the levels strictest first (privacy-level.schema.json), and so do the
        // generated enum's cases.
        $order = PrivacyLevel::cases();
        $rank = count($order) - 1;
        foreach ($settings as $s) {
            $level = is_string($s) ? PrivacyLevel::tryFrom($s) : null;
            $rank = min($rank, $level === null ? 0 : array_search($level, $order, true));
        }
        return $order[$rank]->value;
    }
}
