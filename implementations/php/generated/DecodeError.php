<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/** A value does not have the shape of its type; the message names the JSON path. */
final class DecodeError extends \InvalidArgumentException
{
}
