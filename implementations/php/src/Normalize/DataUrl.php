<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Bound\Utf8;

/**
 * A base64 `data:` URL as TR-NORM-11 reads it: `data:` M (`;` P)* `;base64,` in any ASCII case, the
 * header ending within the first 512 UTF-16 code units (counted after coercion), M as written.
 */
final class DataUrl
{
    public static function isDataUrl(string $url): bool
    {
        return strncasecmp($url, 'data:', 5) === 0;
    }

    /** @return array{mime:string,size:int}|null the declared MIME type and the payload's decoded size; null when not a base64 data: URL */
    public static function read(string $url): ?array
    {
        $comma = strpos($url, ',');
        if ($comma === false || !self::isDataUrl($url)) {
            return null;
        }
        $header = substr($url, 0, $comma + 1);
        // `data:` M (`;` P)* `;base64,` with the first comma last: read by position (ASCII case
        // folding only), not by a regex whose engine could give up on a long header.
        if (strlen($header) < 13 || strncasecmp(substr($header, -8), ';base64,', 8) !== 0) {
            return null;
        }
        $mime = substr($header, 5, strcspn($header, ';', 5));
        $coerced = Utf8::coerce($header);
        if (strlen(mb_convert_encoding($coerced, 'UTF-16LE', 'UTF-8')) / 2 > 512) {
            return null;
        }
        $size = Base64::decodedSize(substr($url, $comma + 1));
        if ($size === null) {
            return null;
        }
        return ['mime' => $mime, 'size' => $size];
    }
}
