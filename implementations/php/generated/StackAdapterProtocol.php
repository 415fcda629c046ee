<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Messages between the stack kit (stacks/kit) and a stack adapter, the toolresult-adapter/1
 * operations hello, step and stop (spec/11-stacks.md): one JSON object per line, requests on
 * the adapter's stdin, responses on its stdout. A step runs one agent step of the stack
 * against the probe MCP server and returns every provider HTTP body it sent. hello answers
 * with groups ["stacks"]; its language names the runtime (e.g. "python (CPython 3.11.7; mcp
 * 1.x)").
 *
 * One of: Request|OkResponse|ErrorResponse. This class only decodes it; the value is the
 * variant's own object.
 */
final class StackAdapterProtocol
{
    public static function fromJson(mixed $data, string $path = '$'): Request|OkResponse|ErrorResponse
    {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => Request::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => Response::fromJson($x1, $p1),
        ]);
    }
}
