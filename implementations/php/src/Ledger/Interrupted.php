<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/** The pinned entry of a call whose claim's lease ran out before it finished (TR-REPLAY-23). */
final class Interrupted
{
    public const TEXT = 'The tool call was interrupted before its result was stored and is not run again; whether ' .
        'its action took effect is unknown.';

    /** persist(bound(ToolResult::error(TEXT))), byte for byte as every implementation writes it. */
    public const ENTRY = '{"result":{"artifacts":[],"content":"' . self::TEXT
        . '","isError":true,"warnings":[]},"version":1}';
}
