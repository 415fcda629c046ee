<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A tool result as JSON: the provider-facing channels (content, isError) and the run-only
 * channels (structured, artifacts, warnings). This is the form the bounder returns and the
 * ledger, the live stream and a full audit record carry; the provider wire carries only
 * content and isError (TR-EGRESS). structured: run-only machine-readable value, any JSON
 * value, absent when the tool gave none or the bounder dropped it.
 */
final readonly class ToolResult implements \JsonSerializable
{
    /**
     * @param string $content The one provider-facing string. Once bounded: well-formed Unicode, at most the content
     *     budget in UTF-8 octets.
     * @param bool $isError Whether the tool failed. Provider-facing.
     * @param list<TableArtifact|TextArtifact> $artifacts Run-only display artifacts. Either what the tool gave,
     *     coerced, or exactly one omission marker.
     * @param list<Warning> $warnings What the bounder, a normalizer or a hook changed or dropped, as codes: sorted by
     *     code, no code twice (TR-MODEL-9; JSON Schema cannot say it).
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
                static fn (mixed $x1, string $p1) => ToolArtifact::fromJson($x1, $p1),
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
