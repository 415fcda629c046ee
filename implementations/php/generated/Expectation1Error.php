<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class Expectation1Error implements \JsonSerializable
{
    /**
     * @param string $code
     * @param list<string>|Absent $messageExcludes Absent::Value when absent. Strings the case planted that neither the
     *     error's message nor a line the adapter logged may contain: an error that must quote nothing (TR-EXPOSE-2,
     *     TR-LOG-4).
     */
    public function __construct(
        public string $code,
        public array|Absent $messageExcludes = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['code'], ['code', 'messageExcludes']);
        return new self(
            code: Json::string($m['code'], $path . '.code'),
            messageExcludes: array_key_exists('messageExcludes', $m) ? Json::list(
                $m['messageExcludes'],
                $path . '.messageExcludes',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'code'} = $this->code;
        if (!$this->messageExcludes instanceof Absent) {
            $out->{'messageExcludes'} = $this->messageExcludes;
        }
        return $out;
    }
}
