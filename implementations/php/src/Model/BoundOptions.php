<?php

declare(strict_types=1);

namespace ToolResult\Model;

use ToolResult\Types\Budgets;

/** The bounder's budgets, checked when built (TR-MODEL-10, spec §2.4 and §3.7). */
final readonly class BoundOptions
{
    private function __construct(
        public int $contentBudget,
        public int $artifactsBudget,
        public int $structuredBudget,
    ) {
    }

    public static function defaults(): self
    {
        return new self(...Budgets::DEFAULTS);
    }

    /**
     * Options as an untyped caller gives them: null (all defaults), a mapping (array or stdClass) of
     * budget names, or a BoundOptions. Anything else, an unknown name, or a budget that is not an
     * integer from 256 to 2^30 throws InvalidOptions naming the option.
     */
    public static function from(mixed $options): self
    {
        if ($options instanceof self) {
            return $options;
        }
        if ($options === null) {
            return self::defaults();
        }
        if ($options instanceof \stdClass) {
            $options = get_object_vars($options);
        }
        if (!is_array($options) || ($options !== [] && array_is_list($options))) {
            throw new InvalidOptions('options');
        }
        $values = Budgets::DEFAULTS;
        foreach ($options as $name => $value) {
            $name = (string) $name;
            if (!array_key_exists($name, Budgets::DEFAULTS)) {
                throw new InvalidOptions($name);
            }
            if ($value === Absent::Value) {
                continue;
            }
            $values[$name] = self::budget($name, $value);
        }
        return new self(...$values);
    }

    private static function budget(string $name, mixed $value): int
    {
        // An integral value however written: 512 and 512.0 alike; a boolean or a string never.
        if (is_float($value) && is_finite($value) && floor($value) === $value) {
            if ($value < Budgets::MIN || $value > Budgets::MAX) {
                throw new InvalidOptions($name);
            }
            return (int) $value;
        }
        if (!is_int($value) || $value < Budgets::MIN || $value > Budgets::MAX) {
            throw new InvalidOptions($name);
        }
        return $value;
    }
}
