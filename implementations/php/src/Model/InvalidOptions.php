<?php

declare(strict_types=1);

namespace ToolResult\Model;

/**
 * Options outside the schema (TR-MODEL-10, TR-NORM-1, TR-EXPOSE-2). The message names the option and,
 * where one helps, what is wrong with it (a pointer by its position), never a value.
 */
final class InvalidOptions extends \InvalidArgumentException
{
    public function __construct(public readonly string $option, string $reason = '')
    {
        parent::__construct($reason === '' ? "invalid option: {$option}" : "invalid option: {$option}: {$reason}");
    }
}
