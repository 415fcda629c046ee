<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * What the metadata level keeps. Every value is a number, a boolean or from a closed set, so
 * no string chosen by a tool or its input can ride it (TR-PRIV-4, TR-PRIV-5).
 */
final readonly class AuditSummary implements \JsonSerializable
{
    /** 'contentOctets': minimum from the schema. */
    public const CONTENT_OCTETS_MINIMUM = 0;

    /** 'structuredOctets': minimum from the schema. */
    public const STRUCTURED_OCTETS_MINIMUM = 1;

    /** 'artifactCount': minimum from the schema. */
    public const ARTIFACT_COUNT_MINIMUM = 0;

    /** 'artifactsOctets': minimum from the schema. */
    public const ARTIFACTS_OCTETS_MINIMUM = 2;

    /**
     * @param bool $isError
     * @param int $contentOctets UTF-8 octets of content.
     * @param bool $hasStructured
     * @param int $artifactCount
     * @param int $artifactsOctets JCS length of the whole artifact list ([] is 2).
     * @param list<ArtifactType> $artifactTypes The distinct artifact types of the list, sorted by code point.
     * @param list<WarningCode> $warnings The result's warning codes, sorted.
     * @param int|Absent $structuredOctets Absent::Value when absent. JCS length of structured; present exactly when
     *     hasStructured is true.
     */
    public function __construct(
        public bool $isError,
        public int $contentOctets,
        public bool $hasStructured,
        public int $artifactCount,
        public int $artifactsOctets,
        public array $artifactTypes,
        public array $warnings,
        public int|Absent $structuredOctets = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            [
                'isError',
                'contentOctets',
                'hasStructured',
                'artifactCount',
                'artifactsOctets',
                'artifactTypes',
                'warnings',
            ],
            [
                'isError',
                'contentOctets',
                'hasStructured',
                'structuredOctets',
                'artifactCount',
                'artifactsOctets',
                'artifactTypes',
                'warnings',
            ],
        );
        return new self(
            isError: Json::bool($m['isError'], $path . '.isError'),
            contentOctets: Json::int($m['contentOctets'], $path . '.contentOctets'),
            hasStructured: Json::bool($m['hasStructured'], $path . '.hasStructured'),
            artifactCount: Json::int($m['artifactCount'], $path . '.artifactCount'),
            artifactsOctets: Json::int($m['artifactsOctets'], $path . '.artifactsOctets'),
            artifactTypes: Json::list(
                $m['artifactTypes'],
                $path . '.artifactTypes',
                static fn (mixed $x1, string $p1) => Json::enum(ArtifactType::class, $x1, $p1),
            ),
            warnings: Json::list(
                $m['warnings'],
                $path . '.warnings',
                static fn (mixed $x1, string $p1) => Json::enum(WarningCode::class, $x1, $p1),
            ),
            structuredOctets: array_key_exists('structuredOctets', $m) ? Json::int(
                $m['structuredOctets'],
                $path . '.structuredOctets',
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'isError'} = $this->isError;
        $out->{'contentOctets'} = $this->contentOctets;
        $out->{'hasStructured'} = $this->hasStructured;
        if (!$this->structuredOctets instanceof Absent) {
            $out->{'structuredOctets'} = $this->structuredOctets;
        }
        $out->{'artifactCount'} = $this->artifactCount;
        $out->{'artifactsOctets'} = $this->artifactsOctets;
        $out->{'artifactTypes'} = $this->artifactTypes;
        $out->{'warnings'} = $this->warnings;
        return $out;
    }
}
