<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Which part of a bounded result's structured value the model sees, declared per tool
 * (spec/12-exposure.md). none: content only (the default, today's bytes); json: the RFC 8785
 * serialization of the whole structured value, appended to content; allowlist: the values the
 * listed JSON Pointers (RFC 6901) select, as one canonical JSON object keyed by pointer.
 * Whatever is exposed shares the content budget and is dropped whole when it does not fit.
 *
 * One of: NoneExposurePolicy|JsonExposurePolicy|AllowlistExposurePolicy. This class only
 * decodes it; the value is the variant's own object.
 */
final class ExposurePolicy
{
    public static function fromJson(
        mixed $data,
        string $path = '$',
    ): NoneExposurePolicy|JsonExposurePolicy|AllowlistExposurePolicy {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => NoneExposurePolicy::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => JsonExposurePolicy::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => AllowlistExposurePolicy::fromJson($x1, $p1),
        ]);
    }
}
