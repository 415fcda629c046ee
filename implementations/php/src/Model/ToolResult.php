<?php

declare(strict_types=1);

namespace ToolResult\Model;

/**
 * A tool result as a tool builds it, before bounding: one provider-facing string (TR-MODEL-1), an
 * error flag, and the run-only channels. Built only by text() and error(); error() takes no artifacts
 * (TR-MODEL-2). Nothing is checked here: bound() checks everything.
 */
final readonly class ToolResult implements \JsonSerializable
{
    use ShowsShape;

    private function __construct(
        public string $content,
        public bool $isError,
        mixed $structured,
        mixed $artifacts,
        array $warnings,
    ) {
        RunOnlyStore::put($this, ['structured' => $structured, 'artifacts' => $artifacts, 'warnings' => $warnings]);
    }

    /**
     * A success. $structured is any JSON value (Absent::Value: none); $artifacts a list of
     * {type, label, data}; $warnings codes the result already carries (a normalizer's).
     *
     * @param list<string> $warnings
     */
    public static function text(
        string $content,
        mixed $structured = Absent::Value,
        mixed $artifacts = [],
        array $warnings = [],
    ): self {
        return new self($content, false, $structured, $artifacts, $warnings);
    }

    /** @param list<string> $warnings */
    public static function error(string $content, mixed $structured = Absent::Value, array $warnings = []): self
    {
        return new self($content, true, $structured, [], $warnings);
    }

    public function hasStructured(): bool
    {
        return $this->channel('structured') !== Absent::Value;
    }

    /** The structured value as given (Absent::Value when none): an explicit read, findable in review. */
    public function structured(): mixed
    {
        return $this->channel('structured');
    }

    public function artifacts(): mixed
    {
        return $this->channel('artifacts');
    }

    /** @return list<string> */
    public function warnings(): array
    {
        return $this->channel('warnings');
    }

    private function channel(string $name): mixed
    {
        return RunOnlyStore::get($this)[$name];
    }

    private function shape(): array
    {
        $artifacts = $this->artifacts();
        return [
            'isError' => $this->isError,
            'contentOctets' => strlen($this->content),
            'hasStructured' => $this->hasStructured(),
            'artifactCount' => is_array($artifacts) ? count($artifacts) : 0,
            'warnings' => array_values(array_filter($this->warnings(), Warnings::isKnown(...))),
        ];
    }
}
