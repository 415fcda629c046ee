<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Bound\ContentCap;
use ToolResult\Bound\Utf8;

/**
 * The drop notice (TR-NORM-67): when the content cap would cut off a placeholder of an omitted
 * block, the normalizer cuts the text itself and ends it with a notice that counts the omitted
 * blocks, so the model learns of them whatever text comes first.
 */
final class DropNotice
{
    /**
     * `\n[omitted from this result: 1 image block, 2 file blocks]`: every placeholder, by kind in
     * the order of its first placeholder.
     *
     * @param list<array{0:int,1:string}> $omitted [piece index, kind]
     */
    public static function notice(array $omitted): string
    {
        $counts = [];
        foreach ($omitted as [, $kind]) {
            $counts[$kind] = ($counts[$kind] ?? 0) + 1;
        }
        $items = [];
        foreach ($counts as $kind => $n) {
            $items[] = $n . ' ' . $kind . ($n === 1 ? ' block' : ' blocks');
        }
        return "\n[omitted from this result: " . implode(', ', $items) . ']';
    }

    /**
     * The content of TR-NORM-67 when it applies; null when the text fits or the cut of TR-BOUND-3
     * keeps every placeholder whole (the bounder then gives the bytes it always gave).
     *
     * @param list<string> $pieces the raw pieces (coerced here, each only as far as the edge)
     * @param list<array{0:int,1:string}> $omitted [piece index, kind]
     */
    public static function cut(array $pieces, array $omitted, int $budget): ?string
    {
        if ($omitted === []) {
            return null;
        }
        $notice = ContentCap::notice($budget);
        $keep = $budget - strlen($notice);
        // Coercion never shortens a string of octets: a raw piece longer than what is left is past
        // the edge without being coerced.
        $offset = 0;
        $over = false;
        foreach ($pieces as $i => $piece) {
            $offset += ($i > 0 ? 1 : 0);
            if ($offset > $budget || strlen($piece) > $budget - $offset) {
                $over = true;
                break;
            }
            $offset += strlen(Utf8::coerce($piece));
        }
        if (!$over && $offset <= $budget) {
            return null;
        }
        if (!self::lastCut($pieces, $omitted[count($omitted) - 1][0], $keep)) {
            return null;
        }
        $drop = self::notice($omitted);
        $room = $keep - strlen($drop);
        // As the content cap: coerce a raw prefix four octets longer than what is kept, so that a
        // character the raw cut splits lies beyond the kept octets.
        $head = Utf8::coerce(substr(implode("\n", $pieces), 0, $room + 4));
        return Utf8::prefix($head, $room) . $notice . $drop;
    }

    /** @param list<string> $pieces */
    private static function lastCut(array $pieces, int $last, int $keep): bool
    {
        $offset = 0;
        for ($i = 0; $i <= $last; $i++) {
            $offset += ($i > 0 ? 1 : 0);
            if ($offset > $keep || strlen($pieces[$i]) > $keep - $offset) {
                return true;
            }
            $offset += strlen(Utf8::coerce($pieces[$i]));
        }
        return $offset > $keep;
    }
}
