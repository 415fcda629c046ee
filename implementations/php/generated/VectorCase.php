<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class VectorCase implements \JsonSerializable
{
    /** 'timeLimitMs': minimum, maximum from the schema. */
    public const TIME_LIMIT_MS_MINIMUM = 100;
    public const TIME_LIMIT_MS_MAXIMUM = 10000;

    /**
     * @param string $id Stable kebab-case name, unique within the file; the full case ID is vector/<group>/<file
     *     stem>/<id>.
     * @param string $description A short present-tense statement of what the case shows.
     * @param list<string> $requirements
     * @param array<string, mixed> $input The op's input, values in the tagged encoding (tagged-value.schema.json).
     * @param Expectation0|Expectation1 $expect
     * @param list<Need>|Absent $needs Absent::Value when absent.
     * @param int|Absent $timeLimitMs Absent::Value when absent. How long each request of the case may take at the
     *     default --timeout (scaled with it): for a case whose cost the spec bounds (TR-NORM-65), so that an
     *     implementation without the bound fails it in this time, not in the whole per-request timeout.
     * @param BytesModelForm|Absent $bytesModel Absent::Value when absent.
     */
    public function __construct(
        public string $id,
        public string $description,
        public array $requirements,
        public array $input,
        public Expectation0|Expectation1 $expect,
        public array|Absent $needs = Absent::Value,
        public int|Absent $timeLimitMs = Absent::Value,
        public BytesModelForm|Absent $bytesModel = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['id', 'description', 'requirements', 'input', 'expect'],
            ['id', 'description', 'requirements', 'needs', 'input', 'expect', 'timeLimitMs', 'bytesModel'],
        );
        return new self(
            id: Json::string($m['id'], $path . '.id'),
            description: Json::string($m['description'], $path . '.description'),
            requirements: Json::list(
                $m['requirements'],
                $path . '.requirements',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            input: Json::map($m['input'], $path . '.input', static fn (mixed $x1, string $p1) => $x1),
            expect: Expectation::fromJson($m['expect'], $path . '.expect'),
            needs: array_key_exists('needs', $m) ? Json::list(
                $m['needs'],
                $path . '.needs',
                static fn (mixed $x1, string $p1) => Json::enum(Need::class, $x1, $p1),
            ) : Absent::Value,
            timeLimitMs: array_key_exists('timeLimitMs', $m) ? Json::int(
                $m['timeLimitMs'],
                $path . '.timeLimitMs',
            ) : Absent::Value,
            bytesModel: array_key_exists('bytesModel', $m) ? BytesModelForm::fromJson(
                $m['bytesModel'],
                $path . '.bytesModel',
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'description'} = $this->description;
        $out->{'requirements'} = $this->requirements;
        if (!$this->needs instanceof Absent) {
            $out->{'needs'} = $this->needs;
        }
        $out->{'input'} = Json::object($this->input);
        $out->{'expect'} = $this->expect;
        if (!$this->timeLimitMs instanceof Absent) {
            $out->{'timeLimitMs'} = $this->timeLimitMs;
        }
        if (!$this->bytesModel instanceof Absent) {
            $out->{'bytesModel'} = $this->bytesModel;
        }
        return $out;
    }
}
