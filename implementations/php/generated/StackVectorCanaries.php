<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * visible: in model-facing text; userOnly: in a block whose audience excludes the assistant;
 * structured: in structuredContent and in no text block; meta: in result or block _meta;
 * binary: inside base64 data.
 */
final readonly class StackVectorCanaries implements \JsonSerializable
{
    /**
     * @param list<string> $visible
     * @param list<string> $userOnly
     * @param list<string> $structured
     * @param list<string> $meta
     * @param list<string> $binary
     */
    public function __construct(
        public array $visible,
        public array $userOnly,
        public array $structured,
        public array $meta,
        public array $binary,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['visible', 'userOnly', 'structured', 'meta', 'binary'],
            ['visible', 'userOnly', 'structured', 'meta', 'binary'],
        );
        return new self(
            visible: Json::list(
                $m['visible'],
                $path . '.visible',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            userOnly: Json::list(
                $m['userOnly'],
                $path . '.userOnly',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            structured: Json::list(
                $m['structured'],
                $path . '.structured',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            meta: Json::list($m['meta'], $path . '.meta', static fn (mixed $x1, string $p1) => Json::string($x1, $p1)),
            binary: Json::list(
                $m['binary'],
                $path . '.binary',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'visible'} = $this->visible;
        $out->{'userOnly'} = $this->userOnly;
        $out->{'structured'} = $this->structured;
        $out->{'meta'} = $this->meta;
        $out->{'binary'} = $this->binary;
        return $out;
    }
}
