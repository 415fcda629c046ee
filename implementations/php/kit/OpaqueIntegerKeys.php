<?php

declare(strict_types=1);

namespace ToolResult\Kit;

/** A map of integer keys that only `jsonSerialize` gives: an object without data fields to a normalizer. */
final class OpaqueIntegerKeys implements \JsonSerializable
{
    public function jsonSerialize(): mixed
    {
        return [1 => 'value'];
    }
}
