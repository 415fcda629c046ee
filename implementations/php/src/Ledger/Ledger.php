<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

use ToolResult\Bound\Bounder;
use ToolResult\Bound\Utf8;
use ToolResult\Json\CanonicalJson;
use ToolResult\Json\JsonData;
use ToolResult\Json\StrictJsonParser;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\NotBounded;
use ToolResult\Model\ToolResult;

/** Ledger entries (chapter 07): persist() writes the JCS text, restore() reads one back or fails. */
final class Ledger
{
    /** An entry's depth: the entry, its result and 64 levels of structured (§7.2). */
    private const MAX_DEPTH = 66;

    /** The JCS text of {"version":1,"result":R} (TR-REPLAY-1, TR-REPLAY-2). */
    public static function persist(mixed $result): string
    {
        $r = NotBounded::check($result, 'persist');
        return CanonicalJson::encode((object) ['version' => 1, 'result' => $r->toRecord()]);
    }

    /**
     * Reads an entry back with the budgets it was bounded with (defaults when none).
     *
     * @throws LedgerError ledger.malformed, ledger.unknown_version or ledger.not_bounded
     */
    public static function restore(string $entry, mixed $options = null): BoundedToolResult
    {
        if (!Utf8::isWellFormed($entry)) {
            throw new LedgerError('ledger.malformed'); // RFC 8259 text is UTF-8
        }
        $parser = new StrictJsonParser(self::MAX_DEPTH);
        try {
            $v = $parser->parse($entry);
        } catch (\UnexpectedValueException) {
            throw new LedgerError('ledger.malformed');
        }
        if (is_string($v)) {
            return Bounder::bound(ToolResult::text($v), $options); // a legacy entry (TR-REPLAY-4)
        }
        if (!JsonData::isObject($v)) {
            throw new LedgerError('ledger.malformed');
        }
        $members = self::members($v);
        $version = $members['version'] ?? null;
        if (self::isInteger($version) && $version >= 2) {
            throw new LedgerError('ledger.unknown_version'); // TR-REPLAY-5
        }
        if (
            !self::isInteger($version) || $version != 1
            || count($members) !== 2 || !array_key_exists('result', $members)
        ) {
            throw new LedgerError('ledger.malformed');
        }
        $result = $members['result'];
        if (!self::hasResultShape($result)) {
            throw new LedgerError('ledger.malformed');
        }
        if ($parser->loneSurrogate) {
            throw new LedgerError('ledger.not_bounded'); // bound would change that string
        }
        $bounded = Bounder::bound($result, $options);
        if (!JsonData::equal($bounded->toRecord(), $result)) {
            throw new LedgerError('ledger.not_bounded'); // TR-REPLAY-7
        }
        return $bounded;
    }

    private static function members(\stdClass|array $o): array
    {
        $m = [];
        foreach (JsonData::entries($o) as [$k, $x]) {
            $m[(string) $k] = $x;
        }
        return $m;
    }

    private static function isInteger(mixed $v): bool
    {
        return is_int($v) || (is_float($v) && is_finite($v) && floor($v) === $v);
    }

    /** content string, isError boolean, artifacts and warnings arrays, optional structured, nothing else. */
    private static function hasResultShape(mixed $r): bool
    {
        if (!JsonData::isObject($r)) {
            return false;
        }
        $m = self::members($r);
        foreach (array_keys($m) as $k) {
            if (!in_array((string) $k, ['content', 'isError', 'artifacts', 'warnings', 'structured'], true)) {
                return false;
            }
        }
        if (
            !is_string($m['content'] ?? null) || !is_bool($m['isError'] ?? null)
            || !JsonData::isList($m['artifacts'] ?? null) || !JsonData::isList($m['warnings'] ?? null)
        ) {
            return false;
        }
        foreach ($m['warnings'] as $w) {
            if (!JsonData::isObject($w)) {
                return false;
            }
            $wm = self::members($w);
            if (count($wm) !== 1 || !is_string($wm['code'] ?? null)) {
                return false;
            }
        }
        return true;
    }
}
