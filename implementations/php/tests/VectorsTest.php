<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Kit\Adapter;
use ToolResult\Json\StrictJsonParser;
use ToolResult\Kit\Ops;

/**
 * Every vector of conformance/vectors/** through the adapter in process (TR-CONF-5). A vector that
 * needs a string of unpaired surrogates (a byte string cannot hold one) runs in its bytes form, as the
 * kit's runner does for a `bytes` adapter (TR-CONF-23); one without a bytes form, or of a group the
 * adapter does not claim, is reported skipped with its reason (TR-CONF-8).
 */
final class VectorsTest extends TestCase
{
    public static function vectors(): iterable
    {
        $root = dirname(__DIR__, 3) . '/conformance/vectors';
        foreach (glob($root . '/*/*.json') as $file) {
            $name = basename(dirname($file)) . '/' . basename($file, '.json');
            $v = self::read((string) file_get_contents($file));
            if (!$v instanceof stdClass) {
                yield $name . ' (unreadable)' => ['unreadable', (object) ['file' => $name], new stdClass(), basename(dirname($file)), []];
                continue;
            }
            foreach ($v->cases as $c) {
                $group = $v->group ?? basename(dirname($file));
                $needs = $c->needs ?? [];
                if (in_array('utf16-strings', $needs, true) && isset($c->bytesModel)) {
                    // The same case in octets that are not UTF-8, judged by its own expectation.
                    yield $name . '/' . $c->id . ' (bytes form)' => [$v->op ?? $c->op, $c->bytesModel->input, $c->bytesModel->expect, $group, []];
                    continue;
                }
                yield $name . '/' . $c->id => [$v->op ?? $c->op, $c->input, $c->expect, $group, $needs];
            }
        }
    }

    /**
     * A vector file as stdClass objects. json_decode refuses a whole file for one escaped unpaired
     * surrogate (exposure/policies.json has one, in a utf16-strings case): such a file is read with
     * the ledger's reader, which reads that escape as U+FFFD and flags it. Only the cases that need
     * utf16-strings hold such strings, and those run in their bytes form instead.
     */
    private static function read(string $text): mixed
    {
        $v = json_decode($text, false, 100000);
        if ($v instanceof stdClass || json_last_error() !== JSON_ERROR_UTF16) {
            return $v;
        }
        try {
            return (new StrictJsonParser(100000))->parse($text);
        } catch (UnexpectedValueException) {
            return null;
        }
    }

    /** @dataProvider vectors */
    public function testVector(string $op, stdClass $input, stdClass $expect, string $group, array $needs): void
    {
        if (!in_array($group, Ops::GROUPS, true)) {
            self::markTestSkipped("group {$group} not claimed");
        }
        if (in_array('utf16-strings', $needs, true)) {
            // A byte string cannot hold an unpaired surrogate, and this case has no bytes form (TR-CONF-8).
            self::markTestSkipped('needs utf16-strings and has no bytes form, which a byte-string implementation needs');
        }
        if (in_array('byte-arrays', $needs, true)) {
            // PHP has no native byte array (TR-NORM-10); the handshake says byteArrays: false.
            self::markTestSkipped('needs byte-arrays, which PHP does not have');
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
