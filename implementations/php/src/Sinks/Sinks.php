<?php

declare(strict_types=1);

namespace ToolResult\Sinks;

use ToolResult\Model\NotBounded;

/** The suspend state (TR-SINK-2) and the live inspector event (TR-SINK-3). */
final class Sinks
{
    /** @return array{content:string,isError:bool} content and isError only */
    public static function suspendState(mixed $result): array
    {
        $r = NotBounded::check($result, 'toSuspendState');
        return ['content' => $r->content, 'isError' => $r->isError];
    }

    /** {"kind":"tool_result","result":R}, R the whole bounded result, for the run's administrators. */
    public static function liveEvent(mixed $result): array
    {
        $r = NotBounded::check($result, 'toLiveEvent');
        return ['kind' => 'tool_result', 'result' => $r->toRecord()];
    }
}
