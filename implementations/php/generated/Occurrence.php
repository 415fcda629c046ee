<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class Occurrence implements \JsonSerializable
{
    /**
     * @param string $path Where in the step's requests, e.g. requests[1][2].content[0].text; for a store or an exported
     *     body, its `where` and which occurrence in it, e.g. SqliteSaver checkpoints.sqlite, occurrence 1 (not an octet
     *     offset: timestamps and ids in a trace body change its length from run to run).
     * @param string $excerpt The holding string around the canary, which is marked ⟦so⟧ (in a store's octets, every
     *     octet outside printable ASCII as \xNN).
     * @param 'text'|'media'|'octets' $form text: as text; media: base64 data inside a typed media part; octets: the
     *     octets the canary's base64 text decodes to, in a store or an exported body.
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
            form: Json::oneOf($m['form'], $path . '.form', ['text', 'media', 'octets']),
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
