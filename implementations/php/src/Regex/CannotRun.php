<?php

declare(strict_types=1);

namespace ToolResult\Regex;

/**
 * A pattern that cannot run (TR-NORM-65 item 1): not ECMAScript `u` syntax, a backreference, a
 * lookaround, a Unicode property escape, or a weight above the limit. A check that needs it cannot
 * run, which is not a pass (TR-NORM-32). The message names the reason, never the pattern.
 */
final class CannotRun extends \DomainException
{
}
