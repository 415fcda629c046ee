<?php

declare(strict_types=1);

namespace ToolResult\Sinks;

use ToolResult\Types\PrivacyLevel;

/** Privacy levels (TR-PRIV-1, TR-PRIV-2): the strictest of those set; an unknown setting is none. */
final class Privacy
{
    /** @param list<mixed> $settings */
    public static function effective(array $settings): string
    {
        if ($settings === []) {
            return PrivacyLevel::METADATA;
        }
        $rank = count(PrivacyLevel::ORDER) - 1;
        foreach ($settings as $s) {
            $i = is_string($s) ? array_search($s, PrivacyLevel::ORDER, true) : false;
            $rank = min($rank, $i === false ? 0 : $i);
        }
        return PrivacyLevel::ORDER[$rank];
    }
}
