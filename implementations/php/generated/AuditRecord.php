<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The persisted audit record of one tool step, filtered by its privacy level
 * (spec/06-privacy.md). Each level keeps everything a stricter level keeps: none keeps only
 * that the step was recorded; metadata adds a summary of numbers and closed-set values;
 * redacted adds the result with every string passed through the redactor; full adds the result
 * verbatim.
 *
 * One of: NoneAuditRecord|MetadataAuditRecord|RedactedAuditRecord|FullAuditRecord. This class
 * only decodes it; the value is the variant's own object.
 */
final class AuditRecord
{
    public static function fromJson(
        mixed $data,
        string $path = '$',
    ): NoneAuditRecord|MetadataAuditRecord|RedactedAuditRecord|FullAuditRecord {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => NoneAuditRecord::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => MetadataAuditRecord::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => RedactedAuditRecord::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => FullAuditRecord::fromJson($x1, $p1),
        ]);
    }
}
