<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Kit\Adapter;

/**
 * Every vector of conformance/vectors/** through the adapter in process (TR-CONF-5), except those
 * that need a string of unpaired surrogates, which a byte string cannot hold.
 */
final class VectorsTest extends TestCase
{
    public static function vectors(): iterable
    {
        $root = dirname(__DIR__, 3) . '/conformance/vectors';
        foreach (glob($root . '/*/*.json') as $file) {
            $v = json_decode((string) file_get_contents($file), false, 100000);
            foreach ($v->cases as $c) {
                if (in_array('utf16-strings', $c->needs ?? [], true)) {
                    continue;
                }
                yield basename(dirname($file)) . '/' . basename($file, '.json') . '/' . $c->id => [$v->op ?? $c->op, $c->input, $c->expect];
            }
        }
    }

    /** @dataProvider vectors */
    public function testVector(string $op, stdClass $input, stdClass $expect): void
    {
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
