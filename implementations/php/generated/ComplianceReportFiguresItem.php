<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class ComplianceReportFiguresItem implements \JsonSerializable
{
    /** 'requestOctets': minimum from the schema. */
    public const REQUEST_OCTETS_MINIMUM = 0;

    /** 'mediaOctets': minimum from the schema. */
    public const MEDIA_OCTETS_MINIMUM = 0;

    /**
     * @param string $stack
     * @param string $vector
     * @param int $requestOctets UTF-8 octets of the provider body (JSON) sent after the tool ran.
     * @param int $mediaOctets Octets of it that are base64 data in media parts.
     */
    public function __construct(
        public string $stack,
        public string $vector,
        public int $requestOctets,
        public int $mediaOctets,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['stack', 'vector', 'requestOctets', 'mediaOctets'],
            ['stack', 'vector', 'requestOctets', 'mediaOctets'],
        );
        return new self(
            stack: Json::string($m['stack'], $path . '.stack'),
            vector: Json::string($m['vector'], $path . '.vector'),
            requestOctets: Json::int($m['requestOctets'], $path . '.requestOctets'),
            mediaOctets: Json::int($m['mediaOctets'], $path . '.mediaOctets'),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'stack'} = $this->stack;
        $out->{'vector'} = $this->vector;
        $out->{'requestOctets'} = $this->requestOctets;
        $out->{'mediaOctets'} = $this->mediaOctets;
        return $out;
    }
}
