<?php

declare(strict_types=1);

namespace ToolResult\Bound;

use ToolResult\Generated\WarningCode;
use ToolResult\Json\JsonData;
use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\BoundOptions;
use ToolResult\Model\RunOnlyStore;
use ToolResult\Model\ToolResult;
use ToolResult\Model\Warnings;

/**
 * bound(result, options) → BoundedToolResult (chapter 03). Never throws for any result (TR-BOUND-0);
 * options are checked first and are the one thing that throws (InvalidOptions, TR-MODEL-10).
 */
final class Bounder
{
    private static ?\Closure $make = null;

    /**
     * @param mixed $result a ToolResult, a BoundedToolResult, or (an untyped caller) a mapping with the
     *                      result's members, as an array or stdClass; anything else bounds to an empty
     *                      success with content.not_text
     * @param mixed $options BoundOptions, null, or a mapping of budgets
     */
    public static function bound(mixed $result, mixed $options = null): BoundedToolResult
    {
        $o = BoundOptions::from($options);
        [$content, $isError, $structured, $artifacts, $warnings] = self::channels($result);
        $codes = [];
        foreach ($warnings as $w) {
            if (Warnings::isKnown($w)) {
                $codes[] = $w; // an unknown code is not a warning (TR-BOUND-13)
            }
        }
        if (is_string($content)) {
            [$text, $cut] = ContentCap::apply($content, $o->contentBudget);
            if ($cut) {
                $codes[] = WarningCode::ContentTruncated->value;
            }
        } else {
            $text = ''; // never converted (TR-BOUND-4)
            $codes[] = WarningCode::ContentNotText->value;
        }
        $isError = $isError === true; // TR-BOUND-17

        $list = [];
        if ($isError) {
            if ($artifacts !== Absent::Value && $artifacts !== []) {
                $codes[] = WarningCode::ArtifactsDroppedOnError->value; // TR-BOUND-12, not judged
            }
        } elseif ($artifacts !== Absent::Value) {
            $stringLeaves = false;
            $m = Walker::measureToKeep($artifacts, $o->artifactsBudget, $stringLeaves);
            $verdict = $m->verdict;
            // Kept as text, the list's shape is that of the plain input it was made from (and when
            // the proof saw only strings at the level of table cells, every cell is one).
            $listed = $m->copy instanceof JsonText ? $artifacts : $m->copy;
            if ($verdict === Verdict::Ok && !ArtifactShape::isValidList($listed, $stringLeaves)) {
                $verdict = Verdict::InvalidShape;
            }
            if ($verdict === Verdict::Ok) {
                $list = $m->copy;
            } else {
                $list = [self::marker($verdict->markerText($o->artifactsBudget))];
                $codes[] = 'artifacts.' . $verdict->value;
            }
        }

        $kept = Absent::Value;
        if ($structured !== Absent::Value) {
            $m = Walker::measureToKeep($structured, $o->structuredBudget);
            if ($m->verdict === Verdict::Ok) {
                $kept = $m->copy;
            } else {
                $codes[] = 'structured.' . $m->verdict->value;
            }
        }
        self::$make ??= BoundedToolResult::factory();
        return (self::$make)($text, $isError, $kept, $list, Warnings::sortUnique($codes));
    }

    public static function marker(string $text): \stdClass
    {
        $data = new \stdClass();
        $data->text = $text;
        $m = new \stdClass();
        $m->type = 'text';
        $m->label = 'Artifacts omitted';
        $m->data = $data;
        return $m;
    }

    /** @return array{0:mixed,1:mixed,2:mixed,3:mixed,4:list<mixed>} content, isError, structured, artifacts, warnings */
    private static function channels(mixed $r): array
    {
        if ($r instanceof ToolResult && RunOnlyStore::get($r) !== null) {
            return [$r->content, $r->isError, $r->structured(), $r->artifacts(), $r->warnings()];
        }
        if (BoundedToolResult::isGenuine($r)) {
            $structured = $r->hasStructured() ? $r->structured() : Absent::Value;
            return [$r->content, $r->isError, $structured, $r->artifacts(), $r->warnings()];
        }
        if ($r instanceof \stdClass || (is_array($r) && !array_is_list($r))) {
            $get = static function (string $name) use ($r): mixed {
                [$has, $v] = JsonData::member($r, $name);
                return $has ? $v : Absent::Value;
            };
            $warnings = [];
            $given = $get('warnings');
            if (is_array($given)) {
                foreach ($given as $w) {
                    if (is_string($w)) {
                        $warnings[] = $w;
                    } elseif ($w instanceof \stdClass || is_array($w)) {
                        [$has, $code] = JsonData::member($w, 'code');
                        if ($has) {
                            $warnings[] = $code;
                        }
                    }
                }
            }
            return [$get('content'), $get('isError'), $get('structured'), $get('artifacts'), $warnings];
        }
        // Not a result (or a ToolResult made without its constructor): nothing of it is read.
        return [null, false, Absent::Value, Absent::Value, []];
    }
}
