<?php

declare(strict_types=1);

namespace ToolResult\Kit;

/** An instance of a class with a public property: not an object to a normalizer, not data to the bounder. */
final class OpaqueInstance
{
    public string $content = 'instance';
}
