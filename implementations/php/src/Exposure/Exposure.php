<?php

declare(strict_types=1);

namespace ToolResult\Exposure;

use ToolResult\Bound\Bounder;
use ToolResult\Bound\Walker;
use ToolResult\Generated\BoundOptions as Schema;
use ToolResult\Generated\WarningCode;
use ToolResult\Json\CanonicalJson;
use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\BoundOptions;
use ToolResult\Model\NotBounded;
use ToolResult\Model\ToolResult;

/**
 * The exposure step (spec §12, TR-EXPOSE-1 to -10): expose(bounded result, policy, budgets) → bounded
 * result. It runs once on the final result of a tool step, after the hooks and before the wire, the
 * sinks and the ledger (ExecutionSeam calls it; a runtime with a seam of its own calls it there).
 * It appends the RFC 8785 text J of what the policy selects to `content` when it fits the content
 * budget in UTF-8 octets, drops J whole otherwise, and records every decision as warning codes.
 * It neither logs nor throws anything of `structured` (TR-EXPOSE-10): the one error is a refused
 * policy or budget (InvalidOptions), whose message quotes no value.
 */
final class Exposure
{
    /**
     * @param mixed $result a BoundedToolResult (anything else throws NotBounded)
     * @param mixed $policy an ExposurePolicy, a mapping of the schema, or null (none)
     * @param mixed $options the budgets the result was bounded with (BoundOptions, a mapping, or null)
     */
    public static function expose(mixed $result, mixed $policy = null, mixed $options = null): BoundedToolResult
    {
        $r = NotBounded::check($result, 'expose');
        $p = ExposurePolicy::from($policy);
        $budget = BoundOptions::from($options)->contentBudget;
        if ($p->policy === ExposurePolicy::NONE) {
            return $r; // TR-EXPOSE-1: the result itself, every byte as without a policy
        }
        $codes = $r->warnings();
        $codes[] = $p->policy === ExposurePolicy::JSON
            ? WarningCode::ExposureJson->value
            : WarningCode::ExposureAllowlist->value;
        $content = $r->content;
        $e = ExposedValue::of($r, $p);
        if ($e->unmatched) {
            $codes[] = WarningCode::ExposureUnmatched->value;
        }
        if (!$e->has) {
            $codes[] = WarningCode::ExposureEmpty->value;
        } else {
            [$content, $dropped] = self::place($content, $e->value, $budget);
            if ($dropped) {
                $codes[] = WarningCode::ExposureOverBudget->value;
            }
        }
        return self::reseal($r, $content, $codes);
    }

    /**
     * Content with J appended (TR-EXPOSE-6), or unchanged when it already carries J (TR-EXPOSE-7) or
     * when the exposed content would pass the budget (TR-EXPOSE-8: J dropped whole, content never cut).
     *
     * @return array{0:string,1:bool} the content, and whether J was dropped for the budget
     */
    private static function place(string $content, mixed $value, int $budget): array
    {
        // L(E) is J's length in octets (§3.4): a J that cannot fit is never built.
        $length = Walker::measure($value, PHP_INT_MAX, false)->octets;
        $room = $budget - strlen($content) - ($content === '' ? 0 : strlen(CarriedJson::SEPARATOR));
        if ($length <= $budget) {
            $j = CanonicalJson::encode($value);
            if (CarriedJson::byText($content, $j) || CarriedJson::canonicalText($content) === $j) {
                return [$content, false];
            }
            if ($length <= $room) {
                return [$content === '' ? $j : $content . CarriedJson::SEPARATOR . $j, false];
            }
            return [$content, true];
        }
        // J is longer than the budget, so content (within it) is not J and does not end with it; a
        // JSON text shorter than J can still have J's value (`1e-6` is `0.000001`).
        $c = CarriedJson::canonicalText($content);
        if ($c !== null && strlen($c) === $length && $c === CanonicalJson::encode($value)) {
            return [$content, false];
        }
        return [$content, true];
    }

    /**
     * A bounded result with the new content and codes, the other channels as they were. Only the
     * bounder makes a BoundedToolResult; with the widest budgets it cuts and drops nothing of a
     * bounded result (TR-BOUND-14), so it checks and seals what this step built and changes nothing.
     *
     * @param list<string> $codes
     */
    private static function reseal(BoundedToolResult $r, string $content, array $codes): BoundedToolResult
    {
        $structured = $r->hasStructured() ? $r->structured() : Absent::Value;
        $next = $r->isError
            ? ToolResult::error($content, $structured, $codes)
            : ToolResult::text($content, $structured, $r->artifacts(), $codes);
        $widest = [
            'contentBudget' => Schema::CONTENT_BUDGET_MAXIMUM,
            'artifactsBudget' => Schema::ARTIFACTS_BUDGET_MAXIMUM,
            'structuredBudget' => Schema::STRUCTURED_BUDGET_MAXIMUM,
        ];
        return Bounder::bound($next, $widest);
    }
}
