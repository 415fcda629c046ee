<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A large value without a large message: a string made of text repeated count times, or (with
 * item) an array of count copies of item.
 */
final readonly class RepeatTag implements \JsonSerializable
{
    /** 'count': minimum, maximum from the schema. */
    public const COUNT_MINIMUM = 0;
    public const COUNT_MAXIMUM = 100000000;

    /**
     * @param int $count
     * @param 'repeat' $tr
     * @param string|Absent $text Absent::Value when absent.
     * @param mixed $item Absent::Value when absent.
     */
    public function __construct(
        public int $count,
        public string $tr = 'repeat',
        public string|Absent $text = Absent::Value,
        public mixed $item = Absent::Value,
    ) {
        if ($this->tr !== 'repeat') {
            throw new DecodeError('RepeatTag: member \'$tr\' must be "repeat"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['$tr', 'count'], ['$tr', 'count', 'text', 'item']);
        return new self(
            count: Json::int($m['count'], $path . '.count'),
            tr: Json::oneOf($m['$tr'], $path . '.$tr', ['repeat']),
            text: array_key_exists('text', $m) ? Json::string($m['text'], $path . '.text') : Absent::Value,
            item: array_key_exists('item', $m) ? $m['item'] : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'$tr'} = $this->tr;
        $out->{'count'} = $this->count;
        if (!$this->text instanceof Absent) {
            $out->{'text'} = $this->text;
        }
        if (!$this->item instanceof Absent) {
            $out->{'item'} = $this->item;
        }
        return $out;
    }
}
