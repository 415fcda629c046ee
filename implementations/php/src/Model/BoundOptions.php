<?php

declare(strict_types=1);

namespace ToolResult\Model;

use ToolResult\Generated\BoundOptions as Schema;

/** The bounder's budgets, checked when built (TR-MODEL-10, spec §2.4 and §3.7). */
final readonly class BoundOptions
{
    /** Each budget's default and range, as the generator emits them from bound-options.schema.json. */
    private const BUDGETS = [
        'contentBudget' => [
            Schema::CONTENT_BUDGET_DEFAULT,
            Schema::CONTENT_BUDGET_MINIMUM,
            Schema::CONTENT_BUDGET_MAXIMUM,
        ],
        'artifactsBudget' => [
            Schema::ARTIFACTS_BUDGET_DEFAULT,
            Schema::ARTIFACTS_BUDGET_MINIMUM,
            Schema::ARTIFACTS_BUDGET_MAXIMUM,
        ],
        'structuredBudget' => [
            Schema::STRUCTURED_BUDGET_DEFAULT,
            Schema::STRUCTURED_BUDGET_MINIMUM,
            Schema::STRUCTURED_BUDGET_MAXIMUM,
        ],
    ];

    private function __construct(
        public int $contentBudget,
        public int $artifactsBudget,
        public int $structuredBudget,
    ) {
    }

    public static function defaults(): self
    {
        return new self(...array_map(static fn (array $b): int => $b[0], self::BUDGETS));
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
        $values = array_map(static fn (array $b): int => $b[0], self::BUDGETS);
        foreach ($options as $name => $value) {
            $name = (string) $name;
            if (!array_key_exists($name, self::BUDGETS)) {
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
        [, $min, $max] = self::BUDGETS[$name];
        // An integral value however written: 512 and 512.0 alike; a boolean or a string never.
        if (is_float($value) && is_finite($value) && floor($value) === $value) {
            if ($value < $min || $value > $max) {
                throw new InvalidOptions($name);
            }
            return (int) $value;
        }
        if (!is_int($value) || $value < $min || $value > $max) {
            throw new InvalidOptions($name);
        }
        return $value;
    }
}
