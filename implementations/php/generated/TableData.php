<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A table: column headings and rows of cells, every cell a string. Each row has exactly as
 * many cells as there are columns (TR-MODEL-5; checked by the bounder, JSON Schema cannot say
 * it).
 */
final readonly class TableData implements \JsonSerializable
{
    /**
     * @param list<string> $columns
     * @param list<list<string>> $rows
     */
    public function __construct(
        public array $columns,
        public array $rows,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['columns', 'rows'], ['columns', 'rows']);
        return new self(
            columns: Json::list(
                $m['columns'],
                $path . '.columns',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            rows: Json::list(
                $m['rows'],
                $path . '.rows',
                static fn (mixed $x1, string $p1) => Json::list(
                    $x1,
                    $p1,
                    static fn (mixed $x2, string $p2) => Json::string($x2, $p2),
                ),
            ),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'columns'} = $this->columns;
        $out->{'rows'} = $this->rows;
        return $out;
    }
}
