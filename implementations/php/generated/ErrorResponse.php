<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * id is null only when the request line could not be read.
 */
final readonly class ErrorResponse implements \JsonSerializable
{
    /**
     * @param int|null $id
     * @param ErrorBody $error code: a stable dotted code; message: text without run-only values.
     * @param list<string> $logs Every log line written while handling the request (TR-CONF-2).
     * @param false $ok
     */
    public function __construct(
        public int|null $id,
        public ErrorBody $error,
        public array $logs,
        public bool $ok = false,
    ) {
        if ($this->ok !== false) {
            throw new DecodeError('ErrorResponse: member \'ok\' must be false');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'ok', 'error', 'logs'], ['id', 'ok', 'error', 'logs']);
        return new self(
            id: ($m['id'] === null ? null : Json::int($m['id'], $path . '.id')),
            error: ErrorBody::fromJson($m['error'], $path . '.error'),
            logs: Json::list($m['logs'], $path . '.logs', static fn (mixed $x1, string $p1) => Json::string($x1, $p1)),
            ok: Json::oneOf($m['ok'], $path . '.ok', [false]),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'ok'} = $this->ok;
        $out->{'error'} = $this->error;
        $out->{'logs'} = $this->logs;
        return $out;
    }
}
