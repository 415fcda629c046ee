<?php

declare(strict_types=1);

namespace ToolResult\Kit;

/** A mapping whose members are computed by __get (a getter), throwing or not. */
final class OpaqueGetter
{
    public function __construct(private readonly bool $throws)
    {
    }

    public function __get(string $name): mixed
    {
        if ($this->throws) {
            throw new \LogicException('getter');
        }
        return 'computed';
    }

    public function __isset(string $name): bool
    {
        return true;
    }
}
