<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * How much of a tool step a persisted audit record keeps, strictest first: none < metadata <
 * redacted < full. Default metadata (TR-PRIV-1); where two settings meet, the strictest wins,
 * and a value outside this set counts as none (TR-PRIV-2).
 */
enum PrivacyLevel: string
{
    case None = 'none';
    case Metadata = 'metadata';
    case Redacted = 'redacted';
    case Full = 'full';
}
