<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * One line the runner writes to the adapter.
 */
final readonly class Request implements \JsonSerializable
{
    /** 'id': minimum from the schema. */
    public const ID_MINIMUM = 0;

    /**
     * @param int $id Chosen by the runner; echoed by the adapter.
     * @param string $op
     * @param array<string, mixed> $input
     */
    public function __construct(
        public int $id,
        public string $op,
        public array $input,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['id', 'op', 'input'], ['id', 'op', 'input']);
        return new self(
            id: Json::int($m['id'], $path . '.id'),
            op: Json::string($m['op'], $path . '.op'),
            input: Json::map($m['input'], $path . '.input', static fn (mixed $x1, string $p1) => $x1),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'op'} = $this->op;
        $out->{'input'} = Json::object($this->input);
        return $out;
    }
}
