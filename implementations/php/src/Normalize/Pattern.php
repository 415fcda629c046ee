<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Regex\CannotRun;
use ToolResult\Regex\LinearPattern;

/**
 * `pattern` and `patternProperties` of an output schema (spec §10.5, TR-NORM-65): an ECMAScript
 * regular expression with the `u` flag, run on LinearPattern's automaton (linear in the subject,
 * no engine limit that could stop it), never on PCRE, whose backtracking can take exponential time
 * and whose failure reads too easily as "no match". A pattern that cannot run (CannotRun: not `u`
 * syntax, a backreference, lookaround, property escape, or weight above 1,000) compiles to null,
 * which fails the check (TR-NORM-32).
 */
final class Pattern
{
    /** Compiled patterns by source, at most CACHE_SIZE (a long-lived process meets many schemas). */
    private const CACHE_SIZE = 256;

    /** @var array<string,?LinearPattern> */
    private static array $cache = [];

    /** The automaton for an ECMAScript pattern, or null when it cannot run (TR-NORM-65 item 1). */
    public static function compile(string $source): ?LinearPattern
    {
        if (array_key_exists($source, self::$cache)) {
            return self::$cache[$source];
        }
        try {
            $compiled = LinearPattern::compile($source);
        } catch (CannotRun) {
            $compiled = null;
        }
        if (count(self::$cache) >= self::CACHE_SIZE) {
            unset(self::$cache[array_key_first(self::$cache)]);
        }
        return self::$cache[$source] = $compiled;
    }

    /**
     * A search, as JSON Schema's `pattern` is: a match anywhere in $subject. A pattern that cannot
     * run (null) stops the check (TR-NORM-32): it is never read as "no match".
     *
     * @throws SchemaInvalid when $pattern is null
     */
    public static function matches(?LinearPattern $pattern, string $subject): bool
    {
        if ($pattern === null) {
            throw new SchemaInvalid('a pattern that cannot run');
        }
        return $pattern->test($subject);
    }
}
