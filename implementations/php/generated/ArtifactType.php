<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The closed set of artifact rendering shapes a producer may emit in this version of the
 * protocol. A shape, not a meaning: a table of invoices and a table of files are both 'table'.
 */
enum ArtifactType: string
{
    case Table = 'table';
    case Text = 'text';
}
