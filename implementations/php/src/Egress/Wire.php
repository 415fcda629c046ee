<?php

declare(strict_types=1);

namespace ToolResult\Egress;

use ToolResult\Model\NotBounded;

/**
 * The provider wire (chapter 04): exactly content and isError of a bounded result (TR-EGRESS-3,
 * TR-SINK-1). It reads no run-only channel and has no option to add one (TR-EGRESS-4).
 */
final class Wire
{
    /** @return array{content:string,isError:bool} */
    public static function message(mixed $result): array
    {
        $r = NotBounded::check($result, 'toWireMessage');
        return ['content' => $r->content, 'isError' => $r->isError];
    }
}
