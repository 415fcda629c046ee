<?php

declare(strict_types=1);

namespace ToolResult\Exposure;

use ToolResult\Generated\AllowlistExposurePolicy;
use ToolResult\Generated\JsonExposurePolicy;
use ToolResult\Generated\NoneExposurePolicy;
use ToolResult\Json\JsonData;
use ToolResult\Model\Absent;
use ToolResult\Model\InvalidOptions;

/**
 * A checked exposure policy (exposure-policy.schema.json, spec §12): none, json, or an allowlist of
 * JSON Pointers, each kept with its tokens. Built by the factories or by from(), which checks an
 * untyped policy against the schema before anything is exposed (TR-EXPOSE-2).
 */
final readonly class ExposurePolicy
{
    public const NONE = 'none';
    public const JSON = 'json';
    public const ALLOWLIST = 'allowlist';

    /** @param list<array{0:string}> $pointers each pointer as written (checked; split when resolved) */
    private function __construct(public string $policy, public array $pointers)
    {
    }

    public static function none(): self
    {
        return new self(self::NONE, []);
    }

    public static function json(): self
    {
        return new self(self::JSON, []);
    }

    /**
     * @param list<string> $pointers JSON Pointers (RFC 6901), each at most once
     * @throws InvalidOptions when one is not a pointer or is given twice
     */
    public static function allowlist(array $pointers): self
    {
        return self::from(['policy' => self::ALLOWLIST, 'pointers' => $pointers]);
    }

    /** @return list<string> the pointers as written */
    public function pointerList(): array
    {
        return array_map(static fn (array $p): string => $p[0], $this->pointers);
    }

    /**
     * A policy as a caller gives it: an ExposurePolicy; one of the generated policy classes
     * (`ToolResult\Generated\…ExposurePolicy`, whose pointers are checked here: the type holds any
     * string); null or Absent::Value (no policy, which is none); or a mapping (stdClass, or an array
     * that is not a list) with the schema's members. Anything else throws
     * InvalidOptions('exposure', why), quoting no value.
     */
    public static function from(mixed $policy): self
    {
        if ($policy instanceof self) {
            return $policy;
        }
        if (
            $policy instanceof NoneExposurePolicy
            || $policy instanceof JsonExposurePolicy
            || $policy instanceof AllowlistExposurePolicy
        ) {
            $policy = $policy->jsonSerialize();
        }
        if ($policy === null || $policy === Absent::Value) {
            return self::none();
        }
        if (!JsonData::isObject($policy)) {
            throw self::invalid('the policy must be an object');
        }
        $members = [];
        foreach (JsonData::entries($policy) as [$name, $value]) {
            $members[(string) $name] = $value;
        }
        $kind = $members['policy'] ?? null;
        if ($kind === self::NONE || $kind === self::JSON) {
            if (count($members) !== 1) {
                throw self::invalid("the policy {$kind} takes no other member");
            }
            return $kind === self::NONE ? self::none() : self::json();
        }
        if ($kind !== self::ALLOWLIST) {
            throw self::invalid('policy must be none, json or allowlist');
        }
        foreach (array_keys($members) as $name) {
            if ($name !== 'policy' && $name !== 'pointers') {
                throw self::invalid('the policy allowlist takes only pointers');
            }
        }
        $list = $members['pointers'] ?? null;
        if (!JsonData::isList($list)) {
            throw self::invalid('the policy allowlist needs a list of pointers');
        }
        $pointers = [];
        $seen = [];
        foreach ($list as $i => $pointer) {
            if (!JsonPointer::isPointer($pointer)) {
                throw self::invalid("pointer {$i} is not a JSON Pointer (RFC 6901)");
            }
            // Well-formed UTF-8 strings are equal as strings exactly when their octets are.
            if (isset($seen[$pointer])) {
                throw self::invalid("pointer {$i} is given twice");
            }
            $seen[$pointer] = true;
            $pointers[] = [$pointer];
        }
        return new self(self::ALLOWLIST, $pointers);
    }

    private static function invalid(string $reason): InvalidOptions
    {
        return new InvalidOptions('exposure', $reason);
    }
}
