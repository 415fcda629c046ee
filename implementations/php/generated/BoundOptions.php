<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Budgets for the bounder, in octets. A budget left out takes its default. Each budget is an
 * integer from 256 to 2^30 (TR-MODEL-10); 256 is the floor so that every pinned marker and
 * notice fits inside any budget.
 */
final readonly class BoundOptions implements \JsonSerializable
{
    /** 'contentBudget': default, minimum, maximum from the schema. */
    public const CONTENT_BUDGET_DEFAULT = 50000;
    public const CONTENT_BUDGET_MINIMUM = 256;
    public const CONTENT_BUDGET_MAXIMUM = 1073741824;

    /** 'artifactsBudget': default, minimum, maximum from the schema. */
    public const ARTIFACTS_BUDGET_DEFAULT = 50000;
    public const ARTIFACTS_BUDGET_MINIMUM = 256;
    public const ARTIFACTS_BUDGET_MAXIMUM = 1073741824;

    /** 'structuredBudget': default, minimum, maximum from the schema. */
    public const STRUCTURED_BUDGET_DEFAULT = 1048576;
    public const STRUCTURED_BUDGET_MINIMUM = 256;
    public const STRUCTURED_BUDGET_MAXIMUM = 1073741824;

    /**
     * @param int|Absent $contentBudget Absent::Value when absent. Most UTF-8 octets of content, the truncation notice
     *     included.
     * @param int|Absent $artifactsBudget Absent::Value when absent. Most octets of the RFC 8785 serialization of the
     *     whole artifact list.
     * @param int|Absent $structuredBudget Absent::Value when absent. Most octets of the RFC 8785 serialization of the
     *     structured value.
     */
    public function __construct(
        public int|Absent $contentBudget = Absent::Value,
        public int|Absent $artifactsBudget = Absent::Value,
        public int|Absent $structuredBudget = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, [], ['contentBudget', 'artifactsBudget', 'structuredBudget']);
        return new self(
            contentBudget: array_key_exists('contentBudget', $m) ? Json::int(
                $m['contentBudget'],
                $path . '.contentBudget',
            ) : Absent::Value,
            artifactsBudget: array_key_exists('artifactsBudget', $m) ? Json::int(
                $m['artifactsBudget'],
                $path . '.artifactsBudget',
            ) : Absent::Value,
            structuredBudget: array_key_exists('structuredBudget', $m) ? Json::int(
                $m['structuredBudget'],
                $path . '.structuredBudget',
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        if (!$this->contentBudget instanceof Absent) {
            $out->{'contentBudget'} = $this->contentBudget;
        }
        if (!$this->artifactsBudget instanceof Absent) {
            $out->{'artifactsBudget'} = $this->artifactsBudget;
        }
        if (!$this->structuredBudget instanceof Absent) {
            $out->{'structuredBudget'} = $this->structuredBudget;
        }
        return $out;
    }
}
