<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A bounded result after redaction: the shape of tool-result.schema.json, except that an
 * artifact's type and data strings may have been changed by the redactor.
 */
final readonly class RedactedResult implements \JsonSerializable
{
    /**
     * @param string $content
     * @param bool $isError
     * @param list<RedactedArtifact> $artifacts
     * @param list<Warning> $warnings
     * @param mixed $structured Absent::Value when absent.
     */
    public function __construct(
        public string $content,
        public bool $isError,
        public array $artifacts,
        public array $warnings,
        public mixed $structured = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['content', 'isError', 'artifacts', 'warnings'],
            ['content', 'isError', 'structured', 'artifacts', 'warnings'],
        );
        return new self(
            content: Json::string($m['content'], $path . '.content'),
            isError: Json::bool($m['isError'], $path . '.isError'),
            artifacts: Json::list(
                $m['artifacts'],
                $path . '.artifacts',
                static fn (mixed $x1, string $p1) => RedactedArtifact::fromJson($x1, $p1),
            ),
            warnings: Json::list(
                $m['warnings'],
                $path . '.warnings',
                static fn (mixed $x1, string $p1) => Warning::fromJson($x1, $p1),
            ),
            structured: array_key_exists('structured', $m) ? $m['structured'] : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'content'} = $this->content;
        $out->{'isError'} = $this->isError;
        if (!$this->structured instanceof Absent) {
            $out->{'structured'} = $this->structured;
        }
        $out->{'artifacts'} = $this->artifacts;
        $out->{'warnings'} = $this->warnings;
        return $out;
    }
}
