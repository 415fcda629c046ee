<?php

declare(strict_types=1);

namespace ToolResult\Model;

use ToolResult\Bound\JsonText;
use ToolResult\Json\JsonData;

/**
 * What bound() (and restore()) returns: the only input the wire, sink and ledger functions accept
 * (TR-SINK-6). It cannot be built from outside: the constructor is private and only the bounder holds
 * the factory; an instance made without its constructor (Reflection) is not in the side table and is
 * refused as forged. It holds its own copy of every channel and hands out fresh copies (TR-EGRESS-6).
 */
final readonly class BoundedToolResult implements \JsonSerializable
{
    use ShowsShape;

    private function __construct(
        public string $content,
        public bool $isError,
        mixed $structured,
        array|JsonText $artifacts,
        array $warnings,
    ) {
        RunOnlyStore::put(
            $this,
            ['structured' => $structured, 'artifacts' => $artifacts, 'warnings' => $warnings, 'genuine' => true],
        );
    }

    /**
     * The factory, handed to the bounder alone.
     *
     * @internal
     */
    public static function factory(): \Closure
    {
        static $handed = false;
        if ($handed) {
            throw new \LogicException('the bounded-result factory belongs to the bounder');
        }
        $handed = true;
        return static fn (
            string $content,
            bool $isError,
            mixed $structured,
            array|JsonText $artifacts,
            array $warnings,
        ): self
            => new self($content, $isError, $structured, $artifacts, $warnings);
    }

    /** Whether $value is a bounded result the bounder made (not a forged or unconstructed one). */
    public static function isGenuine(mixed $value): bool
    {
        return $value instanceof self && (RunOnlyStore::get($value)['genuine'] ?? false) === true;
    }

    public function hasStructured(): bool
    {
        return $this->raw('structured') !== Absent::Value;
    }

    /** A copy of the structured value; Absent::Value when there is none (null is a value, TR-MODEL-4). */
    public function structured(): mixed
    {
        return self::fresh($this->raw('structured'));
    }

    /** A copy of the artifact list: stdClass {type, label, data} items. */
    public function artifacts(): array
    {
        return self::fresh($this->raw('artifacts'));
    }

    /** @return list<string> sorted, distinct warning codes */
    public function warnings(): array
    {
        return $this->raw('warnings');
    }

    /** The result as tool-result.schema.json (a copy): content, isError, [structured], artifacts, warnings. */
    public function toRecord(): \stdClass
    {
        $r = new \stdClass();
        $r->content = $this->content;
        $r->isError = $this->isError;
        if ($this->hasStructured()) {
            $r->structured = $this->structured();
        }
        $r->artifacts = $this->artifacts();
        $r->warnings = array_map(static function (string $code): \stdClass {
            $w = new \stdClass();
            $w->code = $code;
            return $w;
        }, $this->warnings());
        return $r;
    }

    /** A fresh copy of a kept channel: its text decoded when the bounder kept text (JsonText), else a deep copy. */
    private static function fresh(mixed $kept): mixed
    {
        return $kept instanceof JsonText ? $kept->decode() : JsonData::copy($kept);
    }

    private function raw(string $name): mixed
    {
        return RunOnlyStore::get($this)[$name];
    }

    private function shape(): array
    {
        return [
            'isError' => $this->isError,
            'contentOctets' => strlen($this->content),
            'hasStructured' => $this->hasStructured(),
            'artifactCount' => count($this->raw('artifacts')),
            'warnings' => $this->warnings(),
        ];
    }
}
