<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The seam or the store failed (an execute, a claim, a recordTask or a finish): the error's
 * code and its one-line message.
 */
final readonly class ExecuteFailure implements \JsonSerializable
{
    /**
     * @param int $id
     * @param string $code
     * @param string $message
     * @param false $ok
     */
    public function __construct(
        public int $id,
        public string $code,
        public string $message,
        public bool $ok = false,
    ) {
        if ($this->ok !== false) {
            throw new DecodeError('ExecuteFailure: member \'ok\' must be false');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'ok', 'code', 'message'], ['id', 'ok', 'code', 'message']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            code: Json::string($m['code'], $path . '.code'),
            message: Json::string($m['message'], $path . '.message'),
            ok: Json::oneOf($m['ok'], $path . '.ok', [false]),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'ok'} = $this->ok;
        $out->{'code'} = $this->code;
        $out->{'message'} = $this->message;
        return $out;
    }
}
