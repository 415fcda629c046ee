<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The store did not open; the worker exits non-zero.
 */
final readonly class FatalEvent implements \JsonSerializable
{
    /**
     * @param string $code
     * @param string $message
     * @param 'fatal' $event
     */
    public function __construct(
        public string $code,
        public string $message,
        public string $event = 'fatal',
    ) {
        if ($this->event !== 'fatal') {
            throw new DecodeError('FatalEvent: member \'event\' must be "fatal"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['event', 'code', 'message'], ['event', 'code', 'message']);
        return new self(
            code: Json::string($m['code'], $path . '.code'),
            message: Json::string($m['message'], $path . '.message'),
            event: Json::oneOf($m['event'], $path . '.event', ['fatal']),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'event'} = $this->event;
        $out->{'code'} = $this->code;
        $out->{'message'} = $this->message;
        return $out;
    }
}
