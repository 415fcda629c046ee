<?php

declare(strict_types=1);

namespace ToolResult\Kit;

/** A value with its own JSON form (JsonSerializable, PHP's toJSON). */
final class OpaqueToJson implements \JsonSerializable
{
    public function jsonSerialize(): mixed
    {
        return ['content' => 'from jsonSerialize'];
    }
}
