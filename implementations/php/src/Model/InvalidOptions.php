<?php

declare(strict_types=1);

namespace ToolResult\Model;

/** Options outside the schema (TR-MODEL-10, TR-NORM-1). The message names the option, never a value. */
final class InvalidOptions extends \InvalidArgumentException
{
    public function __construct(public readonly string $option)
    {
        parent::__construct("invalid option: {$option}");
    }
}
