<?php

declare(strict_types=1);

namespace ToolResult\Kit;

/** A proxy's PHP counterpart: every way in throws. */
final class OpaqueProxy implements \ArrayAccess, \IteratorAggregate, \Countable
{
    public function offsetExists(mixed $offset): bool
    {
        throw new \LogicException('proxy');
    }
    public function offsetGet(mixed $offset): mixed
    {
        throw new \LogicException('proxy');
    }
    public function offsetSet(mixed $offset, mixed $value): void
    {
        throw new \LogicException('proxy');
    }
    public function offsetUnset(mixed $offset): void
    {
        throw new \LogicException('proxy');
    }
    public function getIterator(): \Iterator
    {
        throw new \LogicException('proxy');
    }
    public function count(): int
    {
        throw new \LogicException('proxy');
    }
}
