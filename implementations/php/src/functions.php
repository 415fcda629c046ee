<?php

declare(strict_types=1);

namespace ToolResult;

use ToolResult\Bound\Bounder;
use ToolResult\Model\BoundedToolResult;

/** bound(result, options): the one bounder (chapter 03). */
function bound(mixed $result, mixed $options = null): BoundedToolResult
{
    return Bounder::bound($result, $options);
}

/** expose(result, policy, options): the exposure step (chapter 12), for a runtime with its own seam. */
function expose(BoundedToolResult $result, mixed $policy = null, mixed $options = null): BoundedToolResult
{
    return \ToolResult\Exposure\Exposure::expose($result, $policy, $options);
}
