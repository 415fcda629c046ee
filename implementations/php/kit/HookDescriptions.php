<?php

declare(strict_types=1);

namespace ToolResult\Kit;

use ToolResult\Bound\Utf8;
use ToolResult\Hooks\Results;
use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\ToolResult;

/** The hooks of spec §8.5, built from their descriptions (TR-HOOK-8). */
final class HookDescriptions
{
    public static function build(mixed $d, Ops $ops): \Closure
    {
        if (!$d instanceof \stdClass || !is_string($d->name ?? null)) {
            throw new BadInput('a hook description needs a name');
        }
        $text = static function () use ($d, $ops): string {
            if (!property_exists($d, 'text')) {
                throw new BadInput('hook text missing');
            }
            $t = $ops->decodeString($d->text);
            if ($t === null) {
                throw new BadInput('hook text is not a string');
            }
            return $t;
        };
        return match ($d->name) {
            'unchanged' => static fn (BoundedToolResult $r): mixed => null,
            'replace-text' => (static function () use ($text): \Closure {
                $t = $text();
                return static fn (BoundedToolResult $r): mixed => Results::withContent($r, $t);
            })(),
            'append-text' => (static function () use ($text): \Closure {
                $t = $text();
                return static fn (BoundedToolResult $r): mixed => Results::withContent($r, $r->content . $t);
            })(),
            'truncate-text' => (static function () use ($d): \Closure {
                $n = $d->octets ?? null;
                $integral = is_int($n) || (is_float($n) && is_finite($n) && floor($n) === $n);
                $ok = $integral && $n >= 0 && $n <= 9007199254740991;
                if (!$ok) {
                    throw new BadInput('octets is not an integer from 0 to 2^53 - 1');
                }
                $n = (int) $n;
                return static fn (BoundedToolResult $r): mixed
                    => Results::withContent($r, Utf8::prefix($r->content, $n));
            })(),
            'drop-structured' => static fn (BoundedToolResult $r): mixed => Results::withoutStructured($r),
            'set-error' => (static function () use ($text): \Closure {
                $t = $text();
                return static fn (BoundedToolResult $r): mixed
                    => ToolResult::error($t, $r->hasStructured() ? $r->structured() : Absent::Value);
            })(),
            'throw' => static function (BoundedToolResult $r): never {
                throw new \RuntimeException('hook failed on ' . $r->content . ' ' . json_encode($r->toRecord()));
            },
            'return-non-result' => static fn (BoundedToolResult $r): mixed => $r->content,
            default => throw new BadInput('unknown hook'),
        };
    }
}
