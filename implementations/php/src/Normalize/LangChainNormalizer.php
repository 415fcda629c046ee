<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Generated\WarningCode;
use ToolResult\Json\JsonData;
use ToolResult\Json\StrictJsonParser;
use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;

/**
 * A LangChain ToolMessage through its neutral form {content, status?, artifact?} (§10.7), as an array
 * or an object. No LangChain type is needed or visible (TR-NORM-57).
 */
final class LangChainNormalizer
{
    public const MALFORMED = '[malformed LangChain tool message]';

    public static function normalize(mixed $value, mixed $options = null): BoundedToolResult
    {
        $o = NormalizeOptions::from($options);
        if (!Source::isObject($value)) {
            return Finish::error(self::MALFORMED, $o);
        }
        [, $content] = Source::member($value, 'content');
        [$hasStatus, $status] = Source::member($value, 'status');
        if (
            (!is_string($content) && !Source::isList($content))
            || ($hasStatus && $status !== 'success' && $status !== 'error')
        ) {
            return Finish::error(self::MALFORMED, $o);
        }
        $parts = new Parts();
        [$hasArtifact, $artifact] = Source::member($value, 'artifact');
        $structured = Absent::Value;
        $adapterForm = false;
        $unwrap = false;
        if ($hasArtifact && $artifact !== null) {
            if (self::isAdapterList($artifact)) {
                $adapterForm = true;
                [$structured, $unwrap] = self::adapterEntries($artifact, $parts);
            } elseif (
                Source::isObject($artifact)
                && (Source::hasName($artifact, 'structured_content') || Source::hasName($artifact, 'structuredContent'))
            ) {
                $structured = self::pythonForm($artifact, $parts);
            } else {
                $structured = $artifact; // TR-NORM-55
            }
        }
        $runOnly = $parts;
        $parts = new Parts();
        if (is_string($content)) {
            $text = $adapterForm && $unwrap ? self::unwrapped($content) : $content;
            if ($text !== null) {
                $parts->pieces[] = $text;
            }
        } else {
            foreach ($content as $i => $block) {
                LangChainBlocks::read($block, "content[{$i}]", $parts, true);
            }
        }
        // Content references first, then the artifact's, each in block order.
        $parts->rows = array_merge($parts->rows, $runOnly->rows);
        $parts->texts = array_merge($parts->texts, $runOnly->texts);
        $parts->warnings = $runOnly->warnings;
        $parts->members = $runOnly->members;
        return Finish::result($parts, $status === 'error', $structured, $o);
    }

    /** A non-empty list of objects each with a string type: the JavaScript MCP adapter's form (TR-NORM-53). */
    private static function isAdapterList(mixed $a): bool
    {
        if (!Source::isList($a)) {
            return false;
        }
        foreach ($a as $e) {
            if (!Source::isObject($e) || Source::string($e, 'type') === null) {
                return false;
            }
        }
        return true;
    }

    /** @return array{0:mixed,1:bool} structured, and whether an entry asks the content to be unwrapped */
    private static function adapterEntries(array $entries, Parts $parts): array
    {
        $structured = [];
        $unwrap = false;
        foreach ($entries as $i => $e) {
            $type = Source::string($e, 'type');
            if ($type === 'mcp_structured_content') {
                $structured[] = Source::member($e, 'data');
                $unwrap = true;
            } elseif ($type === 'mcp_meta') {
                $unwrap = true; // _meta is dropped (TR-NORM-21)
            } elseif ($type === 'resource') {
                McpBlocks::read($e, "artifact[{$i}]", $parts, false);
            } else {
                LangChainBlocks::read($e, "artifact[{$i}]", $parts, false);
            }
        }
        if ($structured === []) {
            return [Absent::Value, $unwrap];
        }
        if (count($structured) > 1 || !$structured[0][0]) {
            $parts->warnings[] = WarningCode::StructuredInvalid->value;
            return [Absent::Value, $unwrap];
        }
        return [$structured[0][1], $unwrap];
    }

    /** The Python MCP adapter's form (TR-NORM-54): null or a missing value means none. */
    private static function pythonForm(mixed $artifact, Parts $parts): mixed
    {
        if ($artifact instanceof \stdClass || is_array($artifact)) {
            $parts->members = ArtifactMembers::text($artifact); // the other members, run-only (TR-NORM-66)
        }
        if (Source::hasName($artifact, 'structured_content') && Source::hasName($artifact, 'structuredContent')) {
            $parts->warnings[] = WarningCode::StructuredInvalid->value;
            return Absent::Value;
        }
        $name = Source::hasName($artifact, 'structured_content') ? 'structured_content' : 'structuredContent';
        [$has, $v] = Source::member($artifact, $name);
        return $has && $v !== null ? $v : Absent::Value;
    }

    /**
     * TR-NORM-56: once the adapter recorded structured data or `_meta`, a content string that is the
     * JSON text of an object never reaches the text: the text is its member `text` when that is a
     * string, whatever other members it has (a later adapter version may add some), else nothing.
     * A string that is not a JSON object is text as it is.
     */
    private static function unwrapped(string $content): ?string
    {
        // Any JSON text of the object, as JSON.parse reads it: json_decode refuses some (an escaped
        // unpaired surrogate, a name that starts with U+0000), so the strict reader is used, with a
        // repeated name keeping its last value.
        if (!mb_check_encoding($content, 'UTF-8')) {
            return $content;
        }
        try {
            // No depth limit (TR-NORM-56: V8's JSON.parse has none), and only three levels are kept:
            // the unwrap reads `text` and `annotations.audience[]` alone, and the structured part is
            // never built here.
            $v = (new StrictJsonParser(PHP_INT_MAX, true, 3))->parse($content);
        } catch (\UnexpectedValueException) {
            return $content;
        }
        if (!JsonData::isObject($v)) {
            return $content;
        }
        // The object stands for one MCP text block: an audience without the assistant keeps its text
        // from the model, as on the MCP path (TR-NORM-17).
        if (!self::forTheModel($v)) {
            return null;
        }
        $text = null;
        foreach (JsonData::entries($v) as [$k, $x]) {
            if ((string) $k === 'text') {
                $text = $x; // the last of a repeated name wins
            }
        }
        return is_string($text) ? $text : null;
    }

    /** TR-NORM-17 read on the parsed block object: its last `annotations`, then its last `audience`. */
    private static function forTheModel(\stdClass|array $block): bool
    {
        $annotations = self::last($block, 'annotations');
        $audience = JsonData::isObject($annotations) ? self::last($annotations, 'audience') : null;
        if (!JsonData::isList($audience)) {
            return true;
        }
        return in_array('assistant', $audience, true);
    }

    private static function last(\stdClass|array $object, string $name): mixed
    {
        $found = null;
        foreach (JsonData::entries($object) as [$k, $x]) {
            if ((string) $k === $name) {
                $found = $x;
            }
        }
        return $found;
    }
}
