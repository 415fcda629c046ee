<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * What an implementation must declare in its handshake for the case to apply.
 */
enum Need: string
{
    case Utf16Strings = 'utf16-strings';
    case Cycles = 'cycles';
    case OpaqueValues = 'opaque-values';
    case ByteArrays = 'byte-arrays';
}
