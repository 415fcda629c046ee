<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Bound\Utf8;

/**
 * What a normalizer collects from a source, block by block: text pieces for the model, reference
 * rows and run-only texts (§10.2), extra warnings.
 */
final class Parts
{
    /** @var list<string> */
    public array $pieces = [];
    /** @var list<array{0:int,1:string}> [piece index, kind] of each placeholder (TR-NORM-67) */
    public array $omitted = [];
    /** @var list<list<string>> */
    public array $rows = [];
    /** @var list<array{0:string,1:string}> [block, text] */
    public array $texts = [];
    /** @var list<string> */
    public array $warnings = [];
    /** The text of the artifact members (TR-NORM-66), when the source had other members. */
    public ?string $members = null;

    /** The placeholder of a model-facing block whose bytes stay run-only (TR-NORM-12), noted with its place (TR-NORM-67). */
    public function omitted(string $kind): void
    {
        $this->omitted[] = [count($this->pieces), $kind];
        $this->pieces[] = "[{$kind} block omitted]";
    }

    public function row(string $block, string $kind, mixed $mimeType, string $size, mixed $uri): void
    {
        $uri = is_string($uri) && !DataUrl::isDataUrl($uri) ? $uri : '';
        $this->rows[] = [$block, $kind, is_string($mimeType) ? $mimeType : '', $size, $uri];
    }

    /** A text block's row and either its piece (model-facing) or its run-only text. */
    public function text(
        string $block,
        string $kind,
        string $text,
        mixed $mimeType,
        mixed $uri,
        bool $modelFacing,
        bool $withRow,
    ): void {
        if ($withRow) {
            $this->row($block, $kind, $mimeType, (string) strlen(Utf8::coerce($text)), $uri);
        }
        if ($modelFacing) {
            $this->pieces[] = $text;
        } else {
            $this->texts[] = [$block, $text];
        }
    }

    /** The artifact list: the reference table first, then one text artifact per run-only text (TR-NORM-11), then the artifact members (TR-NORM-66). */
    public function artifacts(): array
    {
        $out = [];
        if ($this->rows !== []) {
            $out[] = (object) [
                'type' => 'table',
                'label' => 'Content references',
                'data' => (object) ['columns' => ['block', 'kind', 'mimeType', 'size', 'uri'], 'rows' => $this->rows],
            ];
        }
        foreach ($this->texts as [$block, $text]) {
            $out[] = (object) ['type' => 'text', 'label' => "Text of {$block}", 'data' => (object) ['text' => $text]];
        }
        if ($this->members !== null) {
            $out[] = (object) [
                'type' => 'text',
                'label' => ArtifactMembers::LABEL,
                'data' => (object) ['text' => $this->members],
            ];
        }
        return $out;
    }

    /** The piece for a block of unknown type (TR-NORM-41): its type only when a short lower-case token. */
    public static function unsupported(mixed $type): string
    {
        return is_string($type) && self::isBlockType($type)
            ? "[unsupported {$type} block]"
            : '[unsupported block]';
    }

    /** A resource link's declared size: a safe integer, however written (TR-NORM-11). */
    public static function declaredSize(mixed $size): string
    {
        if (is_int($size) && $size >= 0 && $size <= 9007199254740991) {
            return (string) $size;
        }
        if (is_float($size) && is_finite($size) && floor($size) === $size && $size >= 0 && $size <= 9007199254740991) {
            return (string) (int) $size; // -0 is 0
        }
        return '';
    }

    /** `[a-z][a-z0-9_-]{0,31}`, checked by length and strspn (no regex on input). */
    private static function isBlockType(string $type): bool
    {
        $n = strlen($type);
        return $n >= 1 && $n <= 32 && ctype_lower($type[0])
            && strspn($type, 'abcdefghijklmnopqrstuvwxyz0123456789_-') === $n;
    }
}
