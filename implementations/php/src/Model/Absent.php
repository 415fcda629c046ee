<?php

declare(strict_types=1);

namespace ToolResult\Model;

/**
 * A missing value: a `structured` channel not given, or a member that counts as absent (TR-NORM-64,
 * PHP's counterpart of JavaScript's `undefined`). As data it is an object of a class, so the bounder
 * counts it as one unencodable node.
 */
enum Absent
{
    case Value;
}
