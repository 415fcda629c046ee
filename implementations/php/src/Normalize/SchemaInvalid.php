<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

/** The output schema cannot be checked: it does not compile, or names a dialect or $ref that cannot be used (TR-NORM-32). */
final class SchemaInvalid extends \RuntimeException
{
}
