<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

/** LangChain content blocks (TR-NORM-51): text pieces, references with placeholders, text files. */
final class LangChainBlocks
{
    private const BINARY = ['image', 'audio', 'video', 'file'];

    public static function read(mixed $block, string $id, Parts $parts, bool $modelFacing): void
    {
        if (is_string($block)) {
            $modelFacing ? $parts->pieces[] = $block : $parts->text($id, 'text', $block, null, null, false, true);
            return;
        }
        $type = Source::isObject($block) ? Source::get($block, 'type') : null;
        $known = is_string($type) && ($type === 'text' || $type === 'image_url' || in_array($type, self::BINARY, true));
        if (!$known) {
            if ($modelFacing) {
                $parts->pieces[] = Parts::unsupported($type);
            }
            return;
        }
        if (!self::readKnown($type, $block, $id, $parts, $modelFacing) && $modelFacing) {
            $parts->pieces[] = "[invalid {$type} block]";
        }
    }

    private static function readKnown(string $type, mixed $block, string $id, Parts $parts, bool $modelFacing): bool
    {
        if ($type === 'text') {
            $text = Source::string($block, 'text');
            if ($text === null) {
                return false;
            }
            $parts->text($id, 'text', $text, null, null, $modelFacing, !$modelFacing);
            return true;
        }
        $mime = Source::string($block, 'mimeType') ?? Source::string($block, 'mime_type');
        if ($type === 'image_url') {
            $u = Source::get($block, 'image_url');
            $url = is_string($u) ? $u : Source::string($u, 'url');
            return $url !== null && self::reference($parts, $id, $type, $mime, null, $url, $modelFacing);
        }
        // The first of `base64` (langchain-core's Python v1 blocks) and `data` (the JavaScript v1 and
        // legacy forms) that is given holds the bytes, as base64 text and never a data: URL; `url` is
        // read only without both (TR-NORM-51).
        [$hasBase64] = Source::member($block, 'base64');
        $dataKey = $hasBase64 ? 'base64' : 'data';
        [$hasData] = Source::member($block, $dataKey);
        $sourceType = Source::get($block, 'source_type');
        $text = Source::string($block, 'text');
        if ($type === 'file' && $text !== null && !$hasData && ($sourceType === null || $sourceType === 'text')) {
            // The adapter's form of an embedded text resource (TR-NORM-15).
            $uri = Source::string(Source::get($block, 'metadata'), 'uri');
            $parts->text($id, 'file', $text, $mime, $uri, $modelFacing, true);
            return true;
        }
        if ($hasData) {
            $data = Source::string($block, $dataKey);
            return $data !== null && self::reference($parts, $id, $type, $mime, $data, null, $modelFacing);
        }
        $url = Source::string($block, 'url');
        return $url !== null && self::reference($parts, $id, $type, $mime, null, $url, $modelFacing);
    }

    /** A row and a placeholder for base64 data or a URL; a data: URL counts as its base64 payload. */
    private static function reference(
        Parts $parts,
        string $id,
        string $kind,
        ?string $mime,
        ?string $data,
        ?string $url,
        bool $modelFacing,
    ): bool {
        $own = $mime !== null && $mime !== '' ? $mime : null;
        if ($data !== null) {
            $size = Base64::decodedSize($data);
            if ($size === null) {
                return false;
            }
            $parts->row($id, $kind, $own ?? '', (string) $size, null);
        } elseif (DataUrl::isDataUrl($url)) {
            $d = DataUrl::read($url);
            if ($d === null) {
                return false;
            }
            $parts->row($id, $kind, $own ?? $d['mime'], (string) $d['size'], null);
        } else {
            $parts->row($id, $kind, $own ?? '', '', $url);
        }
        if ($modelFacing) {
            $parts->omitted($kind);
        }
        return true;
    }
}
