<?php

declare(strict_types=1);

namespace ToolResult;

/** The one version of the spec, the kit and every implementation (spec/00-index.md). */
final class Version
{
    public const VERSION = '1.0.0-alpha.3';
}
