<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Model\Absent;
use ToolResult\Model\BoundOptions;
use ToolResult\Model\InvalidOptions;

/** A normalizer's options (TR-NORM-1): the budgets, plus outputSchema and schemaPolicy (§10.5). */
final readonly class NormalizeOptions
{
    private function __construct(
        public BoundOptions $budgets,
        public bool $hasSchema,
        public mixed $outputSchema,
        public string $schemaPolicy,
    ) {
    }

    /** Checked before anything is normalized; InvalidOptions names the option. */
    public static function from(mixed $options): self
    {
        if ($options instanceof self) {
            return $options;
        }
        if ($options === null || $options instanceof BoundOptions) {
            return new self($options ?? BoundOptions::defaults(), false, null, 'off');
        }
        if ($options instanceof \stdClass) {
            $options = (array) $options;
        }
        if (!is_array($options) || ($options !== [] && array_is_list($options))) {
            throw new InvalidOptions('options');
        }
        $budgets = [];
        $hasSchema = false;
        $schema = null;
        $policy = null;
        foreach ($options as $name => $value) {
            $name = (string) $name;
            if ($name === 'outputSchema') {
                if ($value !== Absent::Value) {
                    $hasSchema = true; // present is given, null included
                    $schema = $value;
                }
            } elseif ($name === 'schemaPolicy') {
                if ($value !== Absent::Value) {
                    if (!in_array($value, ['off', 'warn', 'enforce'], true)) {
                        throw new InvalidOptions('schemaPolicy');
                    }
                    $policy = $value;
                }
            } else {
                $budgets[$name] = $value;
            }
        }
        return new self(BoundOptions::from($budgets), $hasSchema, $schema, $policy ?? ($hasSchema ? 'warn' : 'off'));
    }
}
