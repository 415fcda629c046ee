<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class Occurrence implements \JsonSerializable
{
    /**
     * @param string $path Where in the step's requests, e.g. requests[1][2].content[0].text.
     * @param string $excerpt The holding string around the canary, which is marked ⟦so⟧.
     * @param 'text'|'media' $form
     */
    public function __construct(
        public string $path,
        public string $excerpt,
        public string $form,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['path', 'excerpt', 'form'], ['path', 'excerpt', 'form']);
        return new self(
            path: Json::string($m['path'], $path . '.path'),
            excerpt: Json::string($m['excerpt'], $path . '.excerpt'),
            form: Json::oneOf($m['form'], $path . '.form', ['text', 'media']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'path'} = $this->path;
        $out->{'excerpt'} = $this->excerpt;
        $out->{'form'} = $this->form;
        return $out;
    }
}
