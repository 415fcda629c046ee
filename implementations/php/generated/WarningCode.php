<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Closed set of warning codes. The part before the dot names the channel the warning is about
 * (content, artifacts, structured), hook for a failed hook, exposure for what the model was
 * shown of structured (spec/12-exposure.md), or mcp for an MCP answer that was not a tool
 * result (spec/10-normalization.md §10.3). The table in spec/02-data-model.md §2.3 says who
 * sets each code and what it means.
 */
enum WarningCode: string
{
    case ContentTruncated = 'content.truncated';
    case ContentNotText = 'content.not_text';
    case ArtifactsOverBudget = 'artifacts.over_budget';
    case ArtifactsUnencodable = 'artifacts.unencodable';
    case ArtifactsTooDeep = 'artifacts.too_deep';
    case ArtifactsInvalidShape = 'artifacts.invalid_shape';
    case ArtifactsDroppedOnError = 'artifacts.dropped_on_error';
    case StructuredOverBudget = 'structured.over_budget';
    case StructuredUnencodable = 'structured.unencodable';
    case StructuredTooDeep = 'structured.too_deep';
    case StructuredSchemaMismatch = 'structured.schema_mismatch';
    case StructuredInvalid = 'structured.invalid';
    case McpResultTypeUnknown = 'mcp.result_type_unknown';
    case McpInputRequired = 'mcp.input_required';
    case McpTaskUnfollowed = 'mcp.task_unfollowed';
    case McpTaskLost = 'mcp.task_lost';
    case McpTaskCancelled = 'mcp.task_cancelled';
    case HookFailed = 'hook.failed';
    case ExposureJson = 'exposure.json';
    case ExposureAllowlist = 'exposure.allowlist';
    case ExposureEmpty = 'exposure.empty';
    case ExposureUnmatched = 'exposure.unmatched';
    case ExposureOverBudget = 'exposure.over_budget';
}
