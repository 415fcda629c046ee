<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The counts of the closing line `N passed, N failed` (stale known failures count as failed).
 */
final readonly class ReportSummary implements \JsonSerializable
{
    /** 'passed': minimum from the schema. */
    public const PASSED_MINIMUM = 0;

    /** 'failed': minimum from the schema. */
    public const FAILED_MINIMUM = 0;

    /** 'skipped': minimum from the schema. */
    public const SKIPPED_MINIMUM = 0;

    /** 'expectedFailures': minimum from the schema. */
    public const EXPECTED_FAILURES_MINIMUM = 0;

    /**
     * @param int $passed
     * @param int $failed
     * @param int $skipped
     * @param int $expectedFailures
     */
    public function __construct(
        public int $passed,
        public int $failed,
        public int $skipped,
        public int $expectedFailures,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['passed', 'failed', 'skipped', 'expectedFailures'],
            ['passed', 'failed', 'skipped', 'expectedFailures'],
        );
        return new self(
            passed: Json::int($m['passed'], $path . '.passed'),
            failed: Json::int($m['failed'], $path . '.failed'),
            skipped: Json::int($m['skipped'], $path . '.skipped'),
            expectedFailures: Json::int($m['expectedFailures'], $path . '.expectedFailures'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'passed'} = $this->passed;
        $out->{'failed'} = $this->failed;
        $out->{'skipped'} = $this->skipped;
        $out->{'expectedFailures'} = $this->expectedFailures;
        return $out;
    }
}
