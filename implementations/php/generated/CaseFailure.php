<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * What went wrong (TR-CONF-12). input, want and got are JSON values of any shape.
 */
final readonly class CaseFailure implements \JsonSerializable
{
    /**
     * @param string $reason
     * @param mixed $input Absent::Value when absent.
     * @param mixed $want Absent::Value when absent.
     * @param mixed $got Absent::Value when absent.
     * @param int|Absent $seed Absent::Value when absent.
     * @param string|Absent $path Absent::Value when absent.
     * @param string|Absent $unimplementedOp Absent::Value when absent. The op the adapter answered adapter.unknown_op
     *     for.
     */
    public function __construct(
        public string $reason,
        public mixed $input = Absent::Value,
        public mixed $want = Absent::Value,
        public mixed $got = Absent::Value,
        public int|Absent $seed = Absent::Value,
        public string|Absent $path = Absent::Value,
        public string|Absent $unimplementedOp = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['reason'],
            ['reason', 'input', 'want', 'got', 'seed', 'path', 'unimplementedOp'],
        );
        return new self(
            reason: Json::string($m['reason'], $path . '.reason'),
            input: array_key_exists('input', $m) ? $m['input'] : Absent::Value,
            want: array_key_exists('want', $m) ? $m['want'] : Absent::Value,
            got: array_key_exists('got', $m) ? $m['got'] : Absent::Value,
            seed: array_key_exists('seed', $m) ? Json::int($m['seed'], $path . '.seed') : Absent::Value,
            path: array_key_exists('path', $m) ? Json::string($m['path'], $path . '.path') : Absent::Value,
            unimplementedOp: array_key_exists('unimplementedOp', $m) ? Json::string(
                $m['unimplementedOp'],
                $path . '.unimplementedOp',
            ) : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'reason'} = $this->reason;
        if (!$this->input instanceof Absent) {
            $out->{'input'} = $this->input;
        }
        if (!$this->want instanceof Absent) {
            $out->{'want'} = $this->want;
        }
        if (!$this->got instanceof Absent) {
            $out->{'got'} = $this->got;
        }
        if (!$this->seed instanceof Absent) {
            $out->{'seed'} = $this->seed;
        }
        if (!$this->path instanceof Absent) {
            $out->{'path'} = $this->path;
        }
        if (!$this->unimplementedOp instanceof Absent) {
            $out->{'unimplementedOp'} = $this->unimplementedOp;
        }
        return $out;
    }
}
