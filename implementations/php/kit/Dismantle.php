<?php

declare(strict_types=1);

namespace ToolResult\Kit;

/**
 * Takes a decoded input apart without recursion once a request is done. PHP frees a chain of objects
 * recursively, and a stdClass nested 100,000 deep (a `nest` tag) overflows the C stack when it is
 * freed (SPEC-NOTES.md); emptying each object from the outside in leaves nothing deep to free.
 */
final class Dismantle
{
    public static function value(mixed $root): void
    {
        $stack = [$root];
        $root = null;
        $seenObjects = [];
        $seenRefs = [];
        while ($stack !== []) {
            $v = array_pop($stack);
            if ($v instanceof \stdClass) {
                $id = spl_object_id($v);
                if (isset($seenObjects[$id])) {
                    continue;
                }
                $seenObjects[$id] = $v; // keeps the id from being reused while we work
                foreach ((array) $v as $k => $x) {
                    if (is_array($x) || is_object($x)) {
                        $stack[] = $x;
                    }
                    if (!str_starts_with((string) $k, "\0")) {
                        unset($v->{(string) $k}); // a name PHP will not unset is left; such objects are never deep
                    }
                }
            } elseif (is_array($v)) {
                foreach ($v as $k => $x) {
                    if (!is_array($x) && !$x instanceof \stdClass) {
                        continue;
                    }
                    if (is_array($x)) {
                        $ref = \ReflectionReference::fromArrayElement($v, $k);
                        if ($ref !== null) {
                            if (isset($seenRefs[$ref->getId()])) {
                                continue;
                            }
                            $seenRefs[$ref->getId()] = true;
                        }
                    }
                    $stack[] = $x;
                }
            }
        }
    }
}
