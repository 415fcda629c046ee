<?php

declare(strict_types=1);

namespace ToolResult\Bound;

/**
 * A plain channel held as its JSON text: what the bounder keeps of a value PlainJson measured. A
 * bounded result hands out a fresh copy on every access (TR-EGRESS-6); for this one that copy is the
 * text decoded, which is exactly the copy the Walker builds (stdClass for objects, lists as arrays,
 * the same numbers: PlainJson admits no integral float, and the text's floats read back the same).
 */
final readonly class JsonText implements \Countable
{
    public function __construct(public string $text, private int $items)
    {
    }

    public function decode(): mixed
    {
        return json_decode($this->text, false, 66);
    }

    /** The length of the list (or members of the object) it holds: a bounded result's shape shows it. */
    public function count(): int
    {
        return $this->items;
    }
}
