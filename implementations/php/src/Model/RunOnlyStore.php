<?php

declare(strict_types=1);

namespace ToolResult\Model;

/**
 * Where results keep their run-only channels: a side table keyed by the result object, outside the
 * object's properties, so that print_r, var_export, var_dump, serialize, an (array) cast and
 * get_object_vars see none of it (TR-EGRESS-1, spec §4.1).
 *
 * @internal
 */
final class RunOnlyStore
{
    private static ?\WeakMap $channels = null;

    public static function put(object $owner, array $channels): void
    {
        self::$channels ??= new \WeakMap();
        self::$channels[$owner] = $channels;
    }

    public static function get(object $owner): ?array
    {
        if (self::$channels === null || !isset(self::$channels[$owner])) {
            return null;
        }
        return self::$channels[$owner];
    }
}
