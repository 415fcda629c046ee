<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Kit\Adapter;
use ToolResult\Kit\Ops;

/**
 * Every vector of conformance/vectors/** through the adapter in process (TR-CONF-5), except those
 * that need a string of unpaired surrogates, which a byte string cannot hold. A vector of a group the
 * adapter does not claim is reported skipped with its reason, as the kit's runner does (TR-CONF-8).
 */
final class VectorsTest extends TestCase
{
    public static function vectors(): iterable
    {
        $root = dirname(__DIR__, 3) . '/conformance/vectors';
        foreach (glob($root . '/*/*.json') as $file) {
            $v = json_decode((string) file_get_contents($file), false, 100000);
            if (!$v instanceof stdClass) {
                // json_decode refuses some JSON (an escaped unpaired surrogate): said, never dropped.
                $name = basename(dirname($file)) . '/' . basename($file, '.json');
                yield $name . ' (unreadable)' => ['unreadable', (object) ['file' => $name], new stdClass(), basename(dirname($file))];
                continue;
            }
            foreach ($v->cases as $c) {
                if (in_array('utf16-strings', $c->needs ?? [], true)) {
                    continue;
                }
                $group = $v->group ?? basename(dirname($file));
                yield basename(dirname($file)) . '/' . basename($file, '.json') . '/' . $c->id => [$v->op ?? $c->op, $c->input, $c->expect, $group];
            }
        }
    }

    /** @dataProvider vectors */
    public function testVector(string $op, stdClass $input, stdClass $expect, string $group): void
    {
        if (!in_array($group, Ops::GROUPS, true)) {
            self::markTestSkipped("group {$group} not claimed");
        }
        if ($op === 'unreadable') {
            self::fail("json_decode cannot read the vector file {$input->file}: " . json_last_error_msg());
        }
        $line = json_encode(['id' => 1, 'op' => $op, 'input' => $input], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION);
        [$answer] = Adapter::answer($line);
        $got = json_decode($answer, false, 100000);
        if (isset($expect->error)) {
            self::assertFalse($got->ok, $answer);
            self::assertSame($expect->error->code, $got->error->code);
            return;
        }
        self::assertTrue($got->ok, $answer);
        self::assertEquals(self::canonical($expect->output), self::canonical($got->output));
    }

    /** Member order aside. */
    private static function canonical(mixed $v): mixed
    {
        if ($v instanceof stdClass) {
            $a = (array) $v;
            ksort($a, SORT_STRING);
            return array_map(self::canonical(...), $a);
        }
        return is_array($v) ? array_map(self::canonical(...), $v) : $v;
    }
}
