<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * How the language holds a string: UTF-16 code units, code points, or octets.
 */
enum StringModel: string
{
    case Utf16 = 'utf16';
    case Codepoints = 'codepoints';
    case Bytes = 'bytes';
}
