<?php

declare(strict_types=1);

namespace ToolResult\Kit;

/** A request whose input does not have its op's shape: adapter.bad_input (spec §9.3). */
final class BadInput extends \RuntimeException
{
}
