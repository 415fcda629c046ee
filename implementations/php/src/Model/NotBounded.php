<?php

declare(strict_types=1);

namespace ToolResult\Model;

/**
 * A sink or the wire was handed something that is not a BoundedToolResult made by the bounder
 * (TR-EGRESS-2, TR-SINK-6). The message names the function and the type only.
 */
final class NotBounded extends \InvalidArgumentException
{
    public static function check(mixed $value, string $function): BoundedToolResult
    {
        if (!BoundedToolResult::isGenuine($value)) {
            throw new self("{$function} accepts only a BoundedToolResult");
        }
        return $value;
    }
}
