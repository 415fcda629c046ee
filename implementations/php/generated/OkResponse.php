<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class OkResponse implements \JsonSerializable
{
    /** 'id': minimum from the schema. */
    public const ID_MINIMUM = 0;

    /**
     * @param int $id Chosen by the runner; echoed by the adapter.
     * @param array<string, mixed> $output
     * @param list<string> $logs Every log line written while handling the request (TR-CONF-2).
     * @param true $ok
     */
    public function __construct(
        public int $id,
        public array $output,
        public array $logs,
        public bool $ok = true,
    ) {
        if ($this->ok !== true) {
            throw new DecodeError('OkResponse: member \'ok\' must be true');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'ok', 'output', 'logs'], ['id', 'ok', 'output', 'logs']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            output: Json::map($m['output'], $path . '.output', static fn (mixed $x1, string $p1) => $x1),
            logs: Json::list($m['logs'], $path . '.logs', static fn (mixed $x1, string $p1) => Json::string($x1, $p1)),
            ok: Json::oneOf($m['ok'], $path . '.ok', [true]),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'ok'} = $this->ok;
        $out->{'output'} = Json::object($this->output);
        $out->{'logs'} = $this->logs;
        return $out;
    }
}
