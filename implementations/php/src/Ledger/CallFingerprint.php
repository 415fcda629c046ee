<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

use ToolResult\Bound\NumberText;
use ToolResult\Bound\Utf8;
use ToolResult\Json\CanonicalJson;
use ToolResult\Json\JsonData;

/**
 * The fingerprint of a call (spec §7.3): the lowercase hex SHA-256 of the JCS text of
 * {"arguments": A, "tool": T}. With the scope and the call ID it is the ledger's key, so a call ID the
 * model reuses for another tool or other arguments is a call of its own. A call that names no tool
 * has the fingerprint NONE, which every entry of the API without tools has.
 *
 *     CallFingerprint::of('balance', ['user' => 'alice']);
 *     // hash('sha256', '{"arguments":{"user":"alice"},"tool":"balance"}')
 */
final class CallFingerprint
{
    public const NONE = '';
    /** Deeper arguments are refused: the walk is recursive, and a cycle of references would never end. */
    private const MAX_DEPTH = 512;

    /**
     * @param mixed $arguments a JSON object: a stdClass, an array with string keys, or the empty array
     *                         (what json_decode(…, true) makes of `{}`); a list or any other value is
     *                         refused, as is any member that is not JSON data
     * @throws \InvalidArgumentException naming what is wrong and quoting none of it
     */
    public static function of(string $tool, mixed $arguments = []): string
    {
        if ($tool === '') {
            throw new \InvalidArgumentException('a tool name must be a non-empty string');
        }
        if (!Utf8::isWellFormed($tool)) {
            throw new \InvalidArgumentException('a tool name must be well-formed UTF-8');
        }
        if (!($arguments === [] || JsonData::isObject($arguments))) {
            throw new \InvalidArgumentException('the arguments of a call must be a JSON object, not ' .
                get_debug_type($arguments));
        }
        $object = $arguments === [] ? new \stdClass() : self::data($arguments, 0);
        return hash('sha256', CanonicalJson::encode((object) ['arguments' => $object, 'tool' => $tool]));
    }

    /**
     * A copy JCS can write, or a refusal that says what is wrong by its kind and depth, never by its
     * value. An integer beyond ±(2^53 − 1) becomes the double JSON's other readers take it for, so
     * that every language hashes the same text for it.
     */
    private static function data(mixed $v, int $depth): mixed
    {
        if ($v === null || is_bool($v)) {
            return $v;
        }
        if (is_int($v)) {
            return NumberText::isDataNumber($v) ? $v : (float) $v;
        }
        if (is_float($v)) {
            if (!is_finite($v)) {
                throw new \InvalidArgumentException('the arguments of a call hold a number JSON cannot write ' .
                    '(NaN or an infinity)');
            }
            return $v;
        }
        if (is_string($v)) {
            if (!Utf8::isWellFormed($v)) {
                throw new \InvalidArgumentException('the arguments of a call hold a string that is not well-formed ' .
                    'UTF-8');
            }
            return $v;
        }
        if (!is_array($v) && !$v instanceof \stdClass) {
            throw new \InvalidArgumentException('the arguments of a call hold a value that is not JSON data (' .
                get_debug_type($v) . ')');
        }
        if ($depth >= self::MAX_DEPTH) {
            throw new \InvalidArgumentException('the arguments of a call are nested more than ' . self::MAX_DEPTH .
                ' levels deep');
        }
        if (!JsonData::isObject($v)) {
            return array_map(static fn (mixed $x): mixed => self::data($x, $depth + 1), $v);
        }
        $pairs = [];
        foreach (JsonData::entries($v) as [$k, $x]) {
            $pairs[] = [self::data((string) $k, $depth + 1), self::data($x, $depth + 1)];
        }
        return JsonData::makeObject($pairs);
    }
}
