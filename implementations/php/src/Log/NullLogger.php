<?php

declare(strict_types=1);

namespace ToolResult\Log;

/** The default logger: writes nothing. */
final class NullLogger implements Logger
{
    public function log(string $message, array $fields = []): void
    {
    }
}
