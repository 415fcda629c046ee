<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Bound\Walker;
use ToolResult\Exposure\JsonPointer;
use ToolResult\Kit\TaggedDecoder;
use ToolResult\Model\ToolResult;
use ToolResult\Normalize\JsonSchema;
use ToolResult\Normalize\LangChainNormalizer;

use function ToolResult\bound;
use function ToolResult\expose;

/**
 * Issue 29, the PHP findings: input of an attacker's size is charged before it is read, scanned
 * without regexes that can give up, and parsed without limits that change its channel.
 */
final class HostileInputTest extends TestCase
{
    /** The process's CPU seconds so far (user + system): a busy machine's waiting is not counted. */
    private static function cpuSeconds(): float
    {
        $u = getrusage();
        return $u['ru_utime.tv_sec'] + $u['ru_stime.tv_sec'] + ($u['ru_utime.tv_usec'] + $u['ru_stime.tv_usec']) / 1e6;
    }

    /** The least CPU time of $times runs of $f: neither the machine's load nor one disturbed run decides. */
    private static function fastest(\Closure $f, int $times = 5): float
    {
        $best = INF;
        for ($k = 0; $k < $times; $k++) {
            $t = self::cpuSeconds();
            $f();
            $best = min($best, self::cpuSeconds() - $t);
        }
        return $best;
    }

    /**
     * TR-BOUND-18, TR-BOUND-16: a key longer than the budget costs O(budget), not O(key): its length
     * is charged before one octet of it is read (the old walker checked its encoding and escapes
     * first). Measured against a key just past the budget, side by side.
     */
    public function testTR_BOUND_18_anOverBudgetKeyIsChargedBeforeItIsRead(): void
    {
        $long = str_repeat('k', 20_000_000);
        $illFormed = $long;
        $illFormed[7] = "\xFF";
        $short = str_repeat('k', 300);
        foreach ([[$long, 'well-formed'], [$illFormed, 'ill-formed']] as [$key, $what]) {
            $floor = self::fastest(static fn () => Walker::measure((object) [$short => 1], 256));
            $t = self::fastest(static fn () => Walker::measure((object) [$key => 1], 256));
            self::assertSame('over_budget', Walker::measure((object) [$key => 1], 256)->verdict->value);
            self::assertSame('over_budget', Walker::measure([$key => 1], 256)->verdict->value, 'an array key too');
            self::assertLessThan(max(20 * $floor, 0.001), $t, "{$what} key of 2e7 octets: {$t}s, floor {$floor}s");
        }
        // Many small keys: charged by count as well, before the names are gathered.
        $many = array_fill_keys(array_map(static fn (int $i): string => "k{$i}", range(1, 200_000)), 1);
        $t = self::fastest(static fn () => Walker::measure($many, 256), 3);
        self::assertSame('over_budget', Walker::measure($many, 256)->verdict->value);
        self::assertLessThan(0.05, $t);
        // Within the budget nothing changes: the exact length, keys coerced and escaped.
        $want = strlen("{\"a\u{FFFD}\\\"\":1}");
        self::assertSame($want, Walker::measure((object) ["a\xFF\"" => 1], 256)->octets);
        self::assertSame($want, Walker::measure((object) ["a\u{FFFD}\"" => 1], 256)->octets);
        self::assertSame('over_budget', Walker::measure((object) [str_repeat('k', 251) => 1], 256)->verdict->value, '2 + 251 + 3 + 1 > 256');
        self::assertSame('ok', Walker::measure((object) [str_repeat('k', 250) => 1], 256)->verdict->value, '2 + 250 + 3 + 1 = 256');
    }

    /** TR-EXPOSE-5, TR-EXPOSE-2: a pointer of 8 KiB or 1 MiB is a pointer (PCRE's JIT stack refused them). */
    public function testTR_EXPOSE_5_longPointersAreValid(): void
    {
        foreach ([8192, 1 << 20] as $size) {
            $name = str_repeat('n', $size - 1);
            self::assertSame([$name], JsonPointer::parse('/' . $name), "{$size} octets");
            $escaped = '/' . str_repeat('~0~1', intdiv($size, 4));
            self::assertSame([str_repeat('~/', intdiv($size, 4))], JsonPointer::parse($escaped));
            $tokens = str_repeat('/a', intdiv($size, 2));
            self::assertCount(intdiv($size, 2), JsonPointer::parse($tokens));
            self::assertNull(JsonPointer::parse($tokens . '~'), 'a lone ~ at the end');
            self::assertNull(JsonPointer::parse($tokens . '~2'));
            self::assertNull(JsonPointer::parse('a' . $tokens), 'no leading /');
        }
        $r = bound(ToolResult::text('ok', structured: (object) [str_repeat('n', 8191) => 1, 'x' => 2]), ['structuredBudget' => 1 << 20]);
        $out = expose($r, ['policy' => 'allowlist', 'pointers' => ['/' . str_repeat('n', 8191)]]);
        self::assertStringEndsWith(':1}', $out->content);
        self::assertStringNotContainsString('"x"', $out->content);
        self::assertNull(JsonPointer::parse("/\xFF"), 'ill-formed octets are no pointer');
        self::assertSame(['0', '10', '01'], JsonPointer::parse('/0/10/01'));
        self::assertSame([false, null], JsonPointer::resolve([1, 2], ['01']), 'a leading zero is no index');
        self::assertSame([true, 2], JsonPointer::resolve([1, 2], ['1']));
        // select() reads tokens one at a time and agrees with resolve(parse()).
        $tree = (object) ['a/b' => [(object) ['~' => 'x', '' => (object) ['' => 'e']]], '' => 5, 'n' => null];
        foreach (['', '/', '/a~1b', '/a~1b/0', '/a~1b/0/~0', '/a~1b/0//', '/a~1b/1', '/a~1b/00', '/n', '/n/x', '/~01'] as $pointer) {
            self::assertSame(JsonPointer::resolve($tree, JsonPointer::parse($pointer)), JsonPointer::select($tree, $pointer), $pointer);
        }
        // A pointer of a million tokens that leaves the value at its second costs about its check.
        $huge = str_repeat('/a', 1_000_000);
        $r = bound(ToolResult::text('ok', structured: (object) ['a' => 1]));
        $floor = self::fastest(static fn () => json_decode(json_encode($huge)), 3);
        $t = self::fastest(static fn () => expose($r, ['policy' => 'allowlist', 'pointers' => [$huge]]), 3);
        self::assertSame('ok', expose($r, ['policy' => 'allowlist', 'pointers' => [$huge]])->content);
        self::assertLessThan(max(10 * $floor, 0.02), $t, "a pointer of 1e6 tokens: {$t}s, floor {$floor}s");
    }

    /**
     * TR-NORM-56, TR-NORM-4: structured data nested 10,000 deep in a LangChain content string is
     * read as the reference reads it; no byte of it becomes model text, in the content or the wire.
     */
    public function testTR_NORM_56_deeplyNestedStructuredContentNeverBecomesText(): void
    {
        $secret = 'cnry-deep-0123456789';
        foreach ([600, 10_000, 100_000] as $depth) {
            $nested = str_repeat('{"k":', $depth) . '"' . $secret . '"' . str_repeat('}', $depth);
            $content = '{"type":"text","text":"Total","structuredContent":' . $nested . '}';
            $artifact = [['type' => 'mcp_structured_content', 'data' => ['t' => 1]]];
            $r = LangChainNormalizer::normalize(['content' => $content, 'artifact' => $artifact]);
            self::assertSame('Total', $r->content, "depth {$depth}");
            self::assertStringNotContainsString($secret, json_encode($r->toRecord()), "depth {$depth}");
            self::assertStringNotContainsString($secret, \ToolResult\Egress\Wire::message(bound($r))['content'], "depth {$depth}");
        }
        // A long string and a long number inside do not stop the reader either.
        $content = '{"type":"text","text":"T","structuredContent":{"s":"' . str_repeat('\\n\\"x', 200_000) . '","n":' . str_repeat('9', 5000) . '}}';
        $r = LangChainNormalizer::normalize(['content' => $content, 'artifact' => [['type' => 'mcp_structured_content', 'data' => 1]]]);
        self::assertTrue($r->content === 'T', 'a long string and a long number are read');
    }

    /** TR-CONF-4: a `repeat` tag is a TaggedString, so it may be an object key (the adapter refused it). */
    public function testTR_CONF_4_repeatTagAsObjectKey(): void
    {
        $d = new TaggedDecoder();
        $tag = json_decode('{"$tr":"object","entries":[[{"$tr":"repeat","text":"ab","count":3},1],[{"$tr":"bytes","hex":"ff"},2]]}');
        $v = $d->decode($tag);
        self::assertSame(['ababab' => 1, "\xFF" => 2], (array) $v);
        $big = $d->decode(json_decode('{"$tr":"object","entries":[[{"$tr":"repeat","text":"k","count":100000},true]]}'));
        self::assertSame([str_repeat('k', 100000)], array_keys((array) $big));
        foreach (['{"$tr":"repeat","item":1,"count":2}', '{"$tr":"repeat","count":2}', '{"$tr":"nest","depth":1,"kind":"array","leaf":1}'] as $key) {
            try {
                $d->decode(json_decode('{"$tr":"object","entries":[[' . $key . ',1]]}'));
                self::fail("{$key} as a key was accepted");
            } catch (\ToolResult\Kit\BadInput) {
                self::addToAssertionCount(1);
            }
        }
        self::assertSame(-12, $d->decode(json_decode('{"$tr":"bigint","value":"-12"}')));
        self::assertSame('1' . str_repeat('0', 4301), $d->decode(json_decode('{"$tr":"bigint","value":"1' . str_repeat('0', 4301) . '"}'))->digits);
        foreach (['"1.5"', '"--1"', '""', '"-"', '7'] as $bad) {
            try {
                $d->decode(json_decode('{"$tr":"bigint","value":' . $bad . '}'));
                self::fail("bigint {$bad} was accepted");
            } catch (\ToolResult\Kit\BadInput) {
                self::addToAssertionCount(1);
            }
        }
    }

    /**
     * TR-NORM-65 item 3: the one step rule, 2^14 steps allowed, one per evaluation and one per item
     * of a `uniqueItems: true` list; the 16,385th step stops the check, which fails.
     */
    public function testTR_NORM_65_stepLimitIsTwoToTheFourteenWithUniqueItems(): void
    {
        self::assertSame(2 ** 14, JsonSchema::STEP_LIMIT);
        $unique = json_decode('{"uniqueItems":true}');
        self::assertTrue(JsonSchema::accepts($unique, range(1, 2 ** 14 - 1)), '1 + 16,383 steps');
        self::assertFalse(JsonSchema::accepts($unique, range(1, 2 ** 14)), '1 + 16,384 steps');
    }

    /**
     * Issue 29 item 1b: no regex engine reads input in the library or the adapter any more, so no
     * engine failure can read as an answer. The one preg_* left (the redactor) masks when PCRE fails.
     */
    public function testTR_NORM_65_noRegexEngineOnInputOutsideTheRedactor(): void
    {
        $found = [];
        foreach (['src', 'kit'] as $dir) {
            $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator(__DIR__ . "/../{$dir}"));
            foreach ($files as $file) {
                if ($file->isFile() && str_ends_with($file->getFilename(), '.php')) {
                    foreach (token_get_all((string) file_get_contents($file->getPathname())) as $token) {
                        if (is_array($token) && $token[0] === T_STRING && preg_match('/^(preg_|mb_ereg)/i', $token[1]) === 1) {
                            $found[] = "{$dir}/{$file->getFilename()}:{$token[1]}";
                        }
                    }
                }
            }
        }
        self::assertSame(['src/Redactor.php:preg_replace'], $found);
    }
}
