<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Bound\Bounder;
use ToolResult\Generated\WarningCode;
use ToolResult\Json\CanonicalJson;
use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;

/**
 * Builds the normalized result from what a normalizer collected and bounds it (TR-NORM-1): the
 * structured value is bounded, then checked against the output schema (TR-NORM-33), then, when the
 * text is empty, written as the text (TR-NORM-20).
 */
final class Finish
{
    public const OMITTED = '[structured result omitted]';
    public const SCHEMA_FAILED = '[tool output did not match its output schema]';

    public static function result(
        Parts $parts,
        bool $isError,
        mixed $structured,
        NormalizeOptions $o,
    ): BoundedToolResult {
        $text = implode("\n", $parts->pieces);
        $artifacts = $parts->artifacts();
        $given = $structured !== Absent::Value;
        // TR-NORM-67: a cut that would remove a placeholder ends in the drop notice instead.
        $content = $text;
        $codes = $parts->warnings;
        $cut = DropNotice::cut($parts->pieces, $parts->omitted, $o->budgets->contentBudget);
        if ($cut !== null) {
            $content = $cut;
            $codes[] = WarningCode::ContentTruncated->value;
        }
        $first = Bounder::bound(self::mapping($content, $isError, $structured, $artifacts, $codes), $o->budgets);
        $warnings = $first->warnings();
        $kept = $first->hasStructured() ? $first->structured() : Absent::Value;

        if (
            !$isError && $kept !== Absent::Value && $o->hasSchema && $o->schemaPolicy !== 'off'
            && !JsonSchema::accepts($o->outputSchema, $kept)
        ) {
            if ($o->schemaPolicy === 'enforce') {
                $codes = [WarningCode::StructuredSchemaMismatch->value];
                if ($first->artifacts() !== []) {
                    $codes[] = WarningCode::ArtifactsDroppedOnError->value;
                }
                return Bounder::bound(self::mapping(self::SCHEMA_FAILED, true, Absent::Value, [], $codes), $o->budgets);
            }
            $kept = Absent::Value;
            $warnings[] = WarningCode::StructuredSchemaMismatch->value;
        }
        if ($text === '' && $given) {
            $content = $kept === Absent::Value ? self::OMITTED : CanonicalJson::encode($kept);
        }
        return Bounder::bound(self::mapping($content, $isError, $kept, $artifacts, $warnings), $o->budgets);
    }

    /**
     * A result that is only a pinned error text (malformed input, unsupported value), with the
     * warnings given (an unknown resultType's, TR-NORM-25).
     * @param list<string> $warnings
     */
    public static function error(string $text, NormalizeOptions $o, array $warnings = []): BoundedToolResult
    {
        return Bounder::bound(self::mapping($text, true, Absent::Value, [], $warnings), $o->budgets);
    }

    private static function mapping(
        string $content,
        bool $isError,
        mixed $structured,
        array $artifacts,
        array $warnings,
    ): array {
        $m = ['content' => $content, 'isError' => $isError, 'warnings' => $warnings];
        if ($artifacts !== []) {
            $m['artifacts'] = $artifacts;
        }
        if ($structured !== Absent::Value) {
            $m['structured'] = $structured;
        }
        return $m;
    }
}
