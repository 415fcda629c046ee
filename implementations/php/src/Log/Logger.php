<?php

declare(strict_types=1);

namespace ToolResult\Log;

/**
 * The logger a runtime injects (TR-LOG-5). A line is a fixed message plus flat fields of numbers,
 * booleans and short closed-set strings; there is no field for a value of a channel (TR-LOG-1, -2).
 */
interface Logger
{
    /** @param array<string,int|float|bool|string> $fields */
    public function log(string $message, array $fields = []): void;
}
