<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * An adapter operation (spec/09-conformance.md).
 */
enum Operation: string
{
    case Coerce = 'coerce';
    case Measure = 'measure';
    case Bound = 'bound';
    case Wire = 'wire';
    case Audit = 'audit';
    case Live = 'live';
    case Suspend = 'suspend';
    case Persist = 'persist';
    case Restore = 'restore';
    case Hooks = 'hooks';
    case Normalize = 'normalize';
    case Step = 'step';
}
