<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class StepOutput implements \JsonSerializable
{
    /**
     * @param list<mixed> $requests Every request the stack made to its model during the step, in order, as the
     *     recording fake model received it (volatile ids removed).
     * @param mixed $kept What the stack holds for the runtime after the step (the tool message, step result or run
     *     item), as JSON; null when nothing.
     * @param string|null $threw The error the agent step ended with, or null when it finished.
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public array $requests,
        public mixed $kept,
        public string|null $threw,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['requests', 'kept', 'threw'], null);
        return new self(
            requests: Json::list($m['requests'], $path . '.requests', static fn (mixed $x1, string $p1) => $x1),
            kept: $m['kept'],
            threw: ($m['threw'] === null ? null : Json::string($m['threw'], $path . '.threw')),
            additionalMembers: array_diff_key($m, array_flip(['requests', 'kept', 'threw'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'requests'} = $this->requests;
        $out->{'kept'} = $this->kept;
        $out->{'threw'} = $this->threw;
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
