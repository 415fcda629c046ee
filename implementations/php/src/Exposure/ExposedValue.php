<?php

declare(strict_types=1);

namespace ToolResult\Exposure;

use ToolResult\Json\JsonData;
use ToolResult\Model\BoundedToolResult;

/**
 * The exposed value E of a bounded result under a policy (spec §12.2, TR-EXPOSE-4): the whole
 * structured value for json; for an allowlist an object with one member per pointer that selects
 * something, named by the pointer as written. None when structured is absent or nothing is selected.
 */
final readonly class ExposedValue
{
    /** @param bool $unmatched structured was present and some pointer selected nothing */
    private function __construct(public bool $has, public mixed $value, public bool $unmatched)
    {
    }

    public static function of(BoundedToolResult $result, ExposurePolicy $policy): self
    {
        if ($policy->policy === ExposurePolicy::NONE || !$result->hasStructured()) {
            return new self(false, null, false);
        }
        $structured = $result->structured(); // a fresh copy: E shares nothing with the result
        if ($policy->policy === ExposurePolicy::JSON) {
            return new self(true, $structured, false);
        }
        $picked = [];
        $unmatched = false;
        foreach ($policy->pointers as [$pointer]) {
            [$found, $value] = JsonPointer::select($structured, $pointer);
            if ($found) {
                $picked[] = [$pointer, $value];
            } else {
                $unmatched = true;
            }
        }
        // A stdClass, so that the pointer "" or "/0" is a member name and never a list index.
        return $picked === []
            ? new self(false, null, $unmatched)
            : new self(true, JsonData::makeObject($picked), $unmatched);
    }
}
