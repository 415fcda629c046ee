<?php

declare(strict_types=1);

namespace ToolResult\Kit;

final class UnknownOp extends \RuntimeException
{
}
