<?php

declare(strict_types=1);

namespace ToolResult\Bound;

/** The verdict for a run-only channel (TR-BOUND-8), and the marker text of each (TR-BOUND-10). */
enum Verdict: string
{
    case Ok = 'ok';
    case OverBudget = 'over_budget';
    case Unencodable = 'unencodable';
    case TooDeep = 'too_deep';
    case InvalidShape = 'invalid_shape';

    public function markerText(int $budget): string
    {
        return match ($this) {
            self::OverBudget => "exceeded {$budget} bytes",
            self::Unencodable => 'could not be encoded',
            self::TooDeep => 'nested deeper than 64 levels',
            self::InvalidShape => 'did not match their artifact types',
            self::Ok => '',
        };
    }
}
