<?php

declare(strict_types=1);

namespace ToolResult\Bound;

/** What the walker found: the verdict without the shape step, L when ok, and the coerced copy when ok. */
final readonly class Measurement
{
    public function __construct(public Verdict $verdict, public int $octets, public mixed $copy)
    {
    }
}
