<?php

declare(strict_types=1);

namespace ToolResult\Kit;

use ToolResult\Log\Logger;

/** Collects every line the implementation logs while one request is handled (TR-CONF-2). */
final class LogCapture implements Logger
{
    /** @var list<string> */
    public array $lines = [];

    public function log(string $message, array $fields = []): void
    {
        $flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE;
        $this->lines[] = $fields === [] ? $message : $message . ' ' . json_encode($fields, $flags);
    }
}
