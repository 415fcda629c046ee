<?php

declare(strict_types=1);

namespace ToolResult\Exposure;

use ToolResult\Bound\NumberText;
use ToolResult\Json\CanonicalJson;
use ToolResult\Json\JsonData;
use ToolResult\Json\StrictJsonParser;

/**
 * Whether `content` already carries the serialization J (TR-EXPOSE-7): it is J, it ends with the
 * separator and J, or the whole of it is a JSON text whose value serializes to J (an MCP server that
 * mirrors structuredContent in its text). J elsewhere in free text is not looked for.
 */
final class CarriedJson
{
    /** J's depth is at most 65: a bounded value (64 levels) inside an allowlist's object. */
    private const MAX_DEPTH = 65;

    /** The separator between content and J: one empty line. */
    public const SEPARATOR = "\n\n";

    /** Whether $content carries $j in one of the first two ways, which need no parsing. */
    public static function byText(string $content, string $j): bool
    {
        return $content === $j || str_ends_with($content, self::SEPARATOR . $j);
    }

    /**
     * The RFC 8785 text of the value of $content when the whole of it is a JSON text (RFC 8259:
     * insignificant whitespace allowed, no member name twice in one object) whose value has one;
     * null otherwise. A value with a number beyond the data range or an escaped unpaired surrogate
     * has no serialization, so no J can equal it.
     */
    public static function canonicalText(string $content): ?string
    {
        // A JSON text starts with one of these after its whitespace: most texts fail here at once.
        $first = ltrim($content, " \t\n\r")[0] ?? '';
        if ($first === '' || strpos('{["-0123456789tfn', $first) === false) {
            return null;
        }
        $parser = new StrictJsonParser(self::MAX_DEPTH);
        try {
            $value = $parser->parse($content);
        } catch (\UnexpectedValueException) {
            return null;
        }
        if ($parser->loneSurrogate || !self::numbersAreData($value)) {
            return null;
        }
        return CanonicalJson::encode($value);
    }

    /** Every number of a parsed value is a data number (at most 65 levels: recursion is safe). */
    private static function numbersAreData(mixed $v): bool
    {
        if (is_int($v) || is_float($v)) {
            return NumberText::isDataNumber($v);
        }
        if (JsonData::isObject($v)) {
            foreach (JsonData::entries($v) as [, $x]) {
                if (!self::numbersAreData($x)) {
                    return false;
                }
            }
            return true;
        }
        if (is_array($v)) {
            foreach ($v as $x) {
                if (!self::numbersAreData($x)) {
                    return false;
                }
            }
        }
        return true;
    }
}
