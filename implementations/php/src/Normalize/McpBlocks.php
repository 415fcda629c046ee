<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

/** MCP content blocks (§10.3): what each block contributes to the text and the references. */
final class McpBlocks
{
    private const KNOWN = ['text', 'image', 'audio', 'resource', 'resource_link'];

    /** A block is not model-facing when its audience is a list without "assistant" (TR-NORM-17). */
    public static function isModelFacing(mixed $block): bool
    {
        $annotations = Source::get($block, 'annotations');
        [$has, $audience] = Source::member($annotations, 'audience');
        if (!$has || !Source::isList($audience)) {
            return true;
        }
        return in_array('assistant', $audience, true);
    }

    public static function read(mixed $block, string $id, Parts $parts, bool $modelFacing): void
    {
        $type = Source::isObject($block) ? Source::get($block, 'type') : null;
        if (!is_string($type) || !in_array($type, self::KNOWN, true)) {
            if ($modelFacing) {
                $parts->pieces[] = Parts::unsupported($type);
            }
            return;
        }
        if (!self::readKnown($type, $block, $id, $parts, $modelFacing) && $modelFacing) {
            $parts->pieces[] = "[invalid {$type} block]";
        }
    }

    /** False when the block's members are missing or of the wrong kind (TR-NORM-42). */
    private static function readKnown(string $type, mixed $block, string $id, Parts $parts, bool $modelFacing): bool
    {
        switch ($type) {
            case 'text':
                $text = Source::string($block, 'text');
                if ($text === null) {
                    return false;
                }
                // A model-facing text block is a piece and nothing else; a user-only one a row and a run-only text.
                $parts->text($id, 'text', $text, null, null, $modelFacing, !$modelFacing);
                return true;
            case 'image':
            case 'audio':
                $data = Source::string($block, 'data');
                $size = $data === null ? null : Base64::decodedSize($data);
                if ($size === null) {
                    return false;
                }
                $parts->row($id, $type, Source::get($block, 'mimeType'), (string) $size, null);
                self::placeholder($parts, $type, $modelFacing);
                return true;
            case 'resource':
                $r = Source::get($block, 'resource');
                if (!Source::isObject($r)) {
                    return false;
                }
                $uri = Source::string($r, 'uri');
                [$hasText, $text] = Source::member($r, 'text');
                [$hasBlob, $blob] = Source::member($r, 'blob');
                if ($uri === null || $hasText === $hasBlob) {
                    return false;
                }
                if ($hasText) {
                    if (!is_string($text)) {
                        return false;
                    }
                    $parts->text($id, 'resource', $text, Source::get($r, 'mimeType'), $uri, $modelFacing, true);
                    return true;
                }
                $size = is_string($blob) ? Base64::decodedSize($blob) : null;
                if ($size === null) {
                    return false;
                }
                $parts->row($id, 'resource', Source::get($r, 'mimeType'), (string) $size, $uri);
                self::placeholder($parts, 'resource', $modelFacing);
                return true;
            case 'resource_link':
                $uri = Source::string($block, 'uri');
                if ($uri === null || Source::string($block, 'name') === null) {
                    return false;
                }
                $size = Parts::declaredSize(Source::get($block, 'size'));
                $parts->row($id, 'resource_link', Source::get($block, 'mimeType'), $size, $uri);
                self::placeholder($parts, 'resource_link', $modelFacing);
                return true;
        }
        return false;
    }

    private static function placeholder(Parts $parts, string $kind, bool $modelFacing): void
    {
        if ($modelFacing) {
            $parts->omitted($kind);
        }
    }
}
