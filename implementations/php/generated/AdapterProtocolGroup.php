<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A capability group an adapter may claim.
 */
enum AdapterProtocolGroup: string
{
    case Bound = 'bound';
    case Egress = 'egress';
    case Sinks = 'sinks';
    case Ledger = 'ledger';
    case Hooks = 'hooks';
    case NormalizeMcp = 'normalize-mcp';
    case NormalizeLangchain = 'normalize-langchain';
    case NormalizeLocal = 'normalize-local';
    case Exposure = 'exposure';
    case Stacks = 'stacks';
}
