<?php

declare(strict_types=1);

namespace ToolResult\Types;

/** Budget names, defaults and range (schemas/model/bound-options.schema.json). Hand-written, see WarningCode. */
final class Budgets
{
    public const MIN = 256;
    public const MAX = 1073741824;
    public const DEFAULTS = ['contentBudget' => 50000, 'artifactsBudget' => 50000, 'structuredBudget' => 1048576];
}
