<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Egress\Wire;
use ToolResult\Exposure\Exposure;
use ToolResult\Exposure\ExposurePolicy;
use ToolResult\Exposure\JsonPointer;
use ToolResult\Hooks\Results;
use ToolResult\Ledger\ExecutionSeam;
use ToolResult\Ledger\InMemoryLedgerStore;
use ToolResult\Ledger\Ledger;
use ToolResult\Log\Logger;
use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\InvalidOptions;
use ToolResult\Model\NotBounded;
use ToolResult\Model\ToolResult;
use ToolResult\Sinks\Audit;
use ToolResult\Sinks\Sinks;

use function ToolResult\bound;
use function ToolResult\expose;

/** Chapter 12: exposure policies, the pointers, the budget, the codes and the seam. */
final class ExposureTest extends TestCase
{
    private const CANARY = 'cnry0123456789abcdef';

    /** {"a/b":1,"m~n":2,"~1":3,"":4,"*":5,"0":"zero","items":[{"id":"x","secret":CANARY},{"id":"y"}],"n":null,"s":"text"} */
    private static function tree(): \stdClass
    {
        return (object) [
            'a/b' => 1, 'm~n' => 2, '~1' => 3, '' => 4, '*' => 5, '0' => 'zero',
            'items' => [(object) ['id' => 'x', 'secret' => self::CANARY], (object) ['id' => 'y']],
            'n' => null, 's' => 'text',
        ];
    }

    private static function exposed(array $pointers, mixed $structured = null, string $content = 'ok', int $budget = 50000): BoundedToolResult
    {
        $options = ['contentBudget' => $budget];
        return expose(bound(ToolResult::text($content, structured: $structured ?? self::tree()), $options), ['policy' => 'allowlist', 'pointers' => $pointers], $options);
    }

    /** The JSON the model saw after content and the separator (content 'ok'). */
    private static function seen(BoundedToolResult $r): string
    {
        self::assertStringStartsWith("ok\n\n", $r->content);
        return substr($r->content, 4);
    }

    // TR-EXPOSE-5: RFC 6901 as pinned in §12.3.

    public static function pointerCases(): array
    {
        return [
            'tilde one is a slash' => ['/a~1b', '{"/a~1b":1}'],
            'tilde zero is a tilde' => ['/m~0n', '{"/m~0n":2}'],
            '~01 is the member ~1 (~1 first, then ~0)' => ['/~01', '{"/~01":3}'],
            'a lone slash is the empty name' => ['/', '{"/":4}'],
            'star is a name, not a wildcard' => ['/*', '{"/*":5}'],
            'index 0' => ['/items/0/id', '{"/items/0/id":"x"}'],
            'index 1' => ['/items/1/id', '{"/items/1/id":"y"}'],
            '/0 on an object is its member "0"' => ['/0', '{"/0":"zero"}'],
            'null is a value' => ['/n', '{"/n":null}'],
            'a subtree whole' => ['/items/1', '{"/items/1":{"id":"y"}}'],
        ];
    }

    /** @dataProvider pointerCases */
    public function testTR_EXPOSE_5_pointerSelects(string $pointer, string $json): void
    {
        $r = self::exposed([$pointer]);
        self::assertSame($json, self::seen($r));
        self::assertSame(['exposure.allowlist'], $r->warnings());
    }

    public static function selectsNothing(): array
    {
        return [
            'leading zero' => ['/items/01/id'], 'dash (past the end)' => ['/items/-/id'], 'negative' => ['/items/-1'],
            'fraction' => ['/items/1.0'], 'past the end' => ['/items/2'], 'beyond any int' => ['/items/99999999999999999999'],
            'star into an array' => ['/items/*/id'], 'token on a string' => ['/s/0'], 'token on null' => ['/n/x'],
            'token on a number' => ['/a~1b/0'], 'missing member' => ['/nope'], 'case matters' => ['/ITEMS'],
        ];
    }

    /** @dataProvider selectsNothing */
    public function testTR_EXPOSE_5_pointerSelectsNothing(string $pointer): void
    {
        $r = self::exposed([$pointer]);
        self::assertSame('ok', $r->content);
        self::assertSame(['exposure.allowlist', 'exposure.empty', 'exposure.unmatched'], $r->warnings());
    }

    public function testTR_EXPOSE_5_indexIntoAListAndAnObjectOfTheSameNames(): void
    {
        self::assertSame('{"/0":"first"}', self::seen(self::exposed(['/0'], ['first', 'second'])));
        self::assertSame('{"/1":"one"}', self::seen(self::exposed(['/1'], (object) ['0' => 'zero', '1' => 'one'])));
        // An array with string keys is an object (§3.3): "01" is a member name there, not an index.
        self::assertSame('{"/01":"a"}', self::seen(self::exposed(['/01'], ['01' => 'a'])));
        // The empty array is the empty list: no member of any name.
        self::assertSame(['exposure.allowlist', 'exposure.empty', 'exposure.unmatched'], self::exposed(['/0'], [])->warnings());
    }

    public function testTR_EXPOSE_5_emptyPointerIsTheWholeValueScalarsToo(): void
    {
        self::assertSame('{"":"text"}', self::seen(self::exposed([''], 'text')));
        self::assertSame('{"":{"k":"v"}}', self::seen(self::exposed([''], (object) ['k' => 'v'])));
    }

    public function testTR_EXPOSE_5_parseUnescapesInRfcOrder(): void
    {
        self::assertSame([], JsonPointer::parse(''));
        self::assertSame([''], JsonPointer::parse('/'));
        self::assertSame(['a/b', 'm~n', '~1', ''], JsonPointer::parse('/a~1b/m~0n/~01/'));
        foreach (['a', '/a~', '/a~2', '/~', "/\xff", "/\xed\xa0\x80", 1, null] as $bad) {
            self::assertNull(JsonPointer::parse($bad), var_export($bad, true));
        }
    }

    // TR-EXPOSE-4: nothing of structured but the selected values.

    public function testTR_EXPOSE_4_overlapAndOrderAndSiblings(): void
    {
        $a = self::seen(self::exposed(['/items/0/id', '/items/0', '/s']));
        $b = self::seen(self::exposed(['/s', '/items/0', '/items/0/id']));
        self::assertSame($a, $b, 'the order of the pointers changes nothing');
        self::assertSame('{"/items/0":{"id":"x","secret":"' . self::CANARY . '"},"/items/0/id":"x","/s":"text"}', $a);
        $sibling = self::seen(self::exposed(['/items/0/id']));
        self::assertStringNotContainsString(self::CANARY, $sibling);
        self::assertStringNotContainsString('"y"', $sibling);
    }

    public function testTR_EXPOSE_10_canaryOutsideTheAllowlistReachesNoSinkNorLog(): void
    {
        $lines = [];
        $logger = new class ($lines) implements Logger {
            public function __construct(private array &$lines)
            {
            }

            public function log(string $message, array $fields = []): void
            {
                $this->lines[] = $message . ' ' . json_encode($fields);
            }
        };
        $tool = static fn (): ToolResult => ToolResult::text('found', structured: self::tree());
        $hooks = [static fn (BoundedToolResult $r) => throw new RuntimeException(self::CANARY)];
        $policy = ExposurePolicy::allowlist(['/items/0/id', '/items/1', '/missing']);
        $ledger = new InMemoryLedgerStore();
        $r = ExecutionSeam::execute('c1', $tool, $ledger, $hooks, null, $logger, exposure: $policy);
        self::assertSame("found\n\n{\"/items/0/id\":\"x\",\"/items/1\":{\"id\":\"y\"}}", $r->content);
        self::assertSame(['exposure.allowlist', 'exposure.unmatched', 'hook.failed'], $r->warnings());
        $outputs = [
            json_encode(Wire::message($r)), json_encode(Sinks::suspendState($r)),
            json_encode(Audit::record($r, ['metadata'])), json_encode(Audit::record($r, ['none'])),
            implode("\n", $lines), (string) $r, print_r($r, true), var_export($r, true), json_encode($r),
        ];
        foreach ($outputs as $i => $text) {
            self::assertStringNotContainsString(self::CANARY, $text, "output {$i}");
        }
        // The run-only value is still there for the run, unchanged (TR-EXPOSE-9).
        self::assertEquals(self::tree(), $r->structured());
    }

    public function testTR_EXPOSE_2_refusedPoliciesNameTheProblemAndQuoteNothing(): void
    {
        $bad = [
            'unknown kind' => ['policy' => 'everything'], 'no kind' => (object) [], 'a string' => 'json',
            'a list' => [['policy' => 'json']], 'the empty array (a list)' => [], 'json with pointers' => ['policy' => 'json', 'pointers' => ['/a']],
            'none with more' => ['policy' => 'none', 'x' => 1], 'no pointers' => ['policy' => 'allowlist'],
            'pointers not a list' => ['policy' => 'allowlist', 'pointers' => '/a'],
            'pointers a mapping' => ['policy' => 'allowlist', 'pointers' => ['k' => '/a']],
            'a pointer not a string' => ['policy' => 'allowlist', 'pointers' => [1]],
            'without slash' => ['policy' => 'allowlist', 'pointers' => [self::CANARY]],
            'bad escape' => ['policy' => 'allowlist', 'pointers' => ['/' . self::CANARY . '~2']],
            'ill-formed UTF-8' => ['policy' => 'allowlist', 'pointers' => ["/\xc3" . self::CANARY]],
            'twice' => ['policy' => 'allowlist', 'pointers' => ['/' . self::CANARY, '/' . self::CANARY]],
            'extra member' => ['policy' => 'allowlist', 'pointers' => ['/a'], self::CANARY => 2],
            'a kind of another type' => ['policy' => true], 'an object' => new ArrayObject(['policy' => 'json']),
        ];
        $r = bound(ToolResult::text('ok', structured: [self::CANARY => self::CANARY]));
        foreach ($bad as $what => $policy) {
            try {
                Exposure::expose($r, $policy);
                self::fail("accepted: {$what}");
            } catch (InvalidOptions $e) {
                self::assertSame('exposure', $e->option, $what);
                self::assertStringStartsWith('invalid option: exposure: ', $e->getMessage(), $what);
                self::assertStringNotContainsString(self::CANARY, $e->getMessage(), $what);
            }
        }
        // Checked even when nothing would be exposed.
        $this->expectException(InvalidOptions::class);
        Exposure::expose(bound(ToolResult::text('ok')), ['policy' => 'allowlist', 'pointers' => ['nope']]);
    }

    public function testTR_EXPOSE_2_acceptedForms(): void
    {
        $r = bound(ToolResult::text('ok', structured: ['a' => 1]));
        $want = "ok\n\n{\"/a\":1}";
        self::assertSame($want, expose($r, ['policy' => 'allowlist', 'pointers' => ['/a']])->content);
        self::assertSame($want, expose($r, (object) ['policy' => 'allowlist', 'pointers' => ['/a']])->content);
        self::assertSame($want, expose($r, ExposurePolicy::allowlist(['/a']))->content);
        self::assertSame("ok\n\n{\"a\":1}", expose($r, ExposurePolicy::json())->content);
        // The generated types of the schema (generated/): accepted, their pointers still checked.
        self::assertSame($want, expose($r, new \ToolResult\Generated\AllowlistExposurePolicy(['/a']))->content);
        self::assertSame("ok\n\n{\"a\":1}", expose($r, new \ToolResult\Generated\JsonExposurePolicy())->content);
        self::assertSame($r, expose($r, new \ToolResult\Generated\NoneExposurePolicy()));
        self::assertSame($want, expose($r, \ToolResult\Generated\ExposurePolicy::fromJson(json_decode('{"policy":"allowlist","pointers":["/a"]}')))->content);
        try {
            expose($r, new \ToolResult\Generated\AllowlistExposurePolicy(['/a', '/a']));
            self::fail('a generated allowlist with a pointer twice was accepted');
        } catch (InvalidOptions) {
        }
        self::assertSame(['exposure.allowlist', 'exposure.empty'], expose($r, ['policy' => 'allowlist', 'pointers' => []])->warnings());
    }

    public function testTR_EGRESS_2_onlyABoundedResultIsExposed(): void
    {
        $this->expectException(NotBounded::class);
        Exposure::expose(ToolResult::text('ok', structured: ['a' => 1]), ['policy' => 'json']);
    }

    // TR-EXPOSE-1: none is today's bytes.

    public function testTR_EXPOSE_1_noneAndNoPolicyAreTheResultItself(): void
    {
        $r = bound(ToolResult::text('done', structured: self::tree(), warnings: ['hook.failed']));
        foreach ([null, Absent::Value, ['policy' => 'none'], (object) ['policy' => 'none'], ExposurePolicy::none()] as $policy) {
            $out = expose($r, $policy);
            self::assertSame($r, $out);
            self::assertSame(Ledger::persist($r), Ledger::persist($out));
            self::assertSame(json_encode(Audit::record($r, ['full'])), json_encode(Audit::record($out, ['full'])));
        }
        $plain = ExecutionSeam::execute('a', static fn () => ToolResult::text('done', structured: ['k' => 1]), new InMemoryLedgerStore());
        $none = ExecutionSeam::execute('a', static fn () => ToolResult::text('done', structured: ['k' => 1]), new InMemoryLedgerStore(), exposure: ['policy' => 'none']);
        self::assertSame(Ledger::persist($plain), Ledger::persist($none));
    }

    // TR-EXPOSE-6, -7, -8: placement, already carried, budget.

    public function testTR_EXPOSE_6_jsonPolicyAppendsTheCanonicalText(): void
    {
        $s = (object) ['€' => 3, 'é' => 1, 'z' => 2, 'd' => 100.0, 'c' => -0.0, 'b' => 1.5, 'a' => 1e-7, 'u' => "\u{2028}\x01\"/"];
        $r = expose(bound(ToolResult::text('n', structured: $s)), ['policy' => 'json']);
        self::assertSame("n\n\n{\"a\":1e-7,\"b\":1.5,\"c\":0,\"d\":100,\"u\":\"\u{2028}\\u0001\\\"/\",\"z\":2,\"é\":1,\"€\":3}", $r->content);
        self::assertSame('null', expose(bound(ToolResult::text('', structured: null)), ['policy' => 'json'])->content, 'empty content: J alone; null is a value');
        $none = expose(bound(ToolResult::text('done')), ['policy' => 'json']);
        self::assertSame('done', $none->content);
        self::assertSame(['exposure.empty', 'exposure.json'], $none->warnings());
    }

    public function testTR_EXPOSE_4_errorResultsAreExposedAlikeAndNothingElseChanges(): void
    {
        $r = bound(ToolResult::error('failed', ['code' => 'E42']));
        $out = expose($r, ['policy' => 'json']);
        self::assertSame("failed\n\n{\"code\":\"E42\"}", $out->content);
        self::assertTrue($out->isError);
        self::assertEquals($r->structured(), $out->structured());
        $withArtifacts = bound(ToolResult::text('t', structured: ['k' => 1], artifacts: [(object) ['type' => 'text', 'label' => 'L', 'data' => (object) ['text' => 'x']]]));
        self::assertEquals($withArtifacts->artifacts(), expose($withArtifacts, ['policy' => 'json'])->artifacts());
    }

    public function testTR_EXPOSE_7_contentThatAlreadyCarriesJ(): void
    {
        $s = ['invoices' => [['id' => 'INV-1', 'amount' => 500]]];
        $j = '{"invoices":[{"amount":500,"id":"INV-1"}]}';
        foreach ([$j, "Found 1\n\n{$j}", " { \"invoices\" : [ {\"id\":\"INV-1\", \"amount\": 5e2} ] }\n"] as $content) {
            $r = expose(bound(ToolResult::text($content, structured: $s)), ['policy' => 'json']);
            self::assertSame($content, $r->content);
            self::assertSame(['exposure.json'], $r->warnings());
        }
        // Not carried: J inside free text, other JSON, a repeated name, an escaped lone surrogate.
        foreach (["got {$j} back", '{"invoices":[]}', '{"invoices":[{"id":"INV-1","amount":500}],"invoices":[{"id":"INV-1","amount":500}]}'] as $content) {
            self::assertSame("{$content}\n\n{$j}", expose(bound(ToolResult::text($content, structured: $s)), ['policy' => 'json'])->content);
        }
        self::assertSame("{\"a\":\"\\ud800\"}\n\n{\"a\":\"\u{FFFD}\"}", expose(bound(ToolResult::text('{"a":"\ud800"}', structured: ['a' => "\u{FFFD}"])), ['policy' => 'json'])->content);
        self::assertSame("1e400\n\n1", expose(bound(ToolResult::text('1e400', structured: 1)), ['policy' => 'json'])->content, 'not a data number: no value');
    }

    public function testTR_EXPOSE_7_exposingTwiceIsExposingOnce(): void
    {
        foreach ([['policy' => 'json'], ['policy' => 'allowlist', 'pointers' => ['/items/0/id', '/nope']]] as $policy) {
            $once = expose(bound(ToolResult::text('ok', structured: self::tree())), $policy);
            $twice = expose($once, $policy);
            self::assertSame(Ledger::persist($once), Ledger::persist($twice));
            self::assertSame(Ledger::persist($once), Ledger::persist(expose(bound($once), $policy)), 'bounded again, the codes kept (TR-BOUND-13)');
        }
    }

    /**
     * TR-EXPOSE-7 before TR-EXPOSE-8: a JSON text can be shorter than its serialization (`1e-6` is
     * `0.000001`), so content within the budget may carry a J longer than the budget. The spec leaves
     * content unchanged without exposure.over_budget (SPEC-NOTES row 30; the reference adds it).
     */
    public function testTR_EXPOSE_7_carriedJLongerThanTheBudgetIsNotOverBudget(): void
    {
        $values = array_fill(0, 40, 0.000001);
        $content = '[' . implode(',', array_fill(0, 40, '1e-6')) . ']';
        $r = expose(bound(ToolResult::text($content, structured: $values), ['contentBudget' => 256]), ['policy' => 'json'], ['contentBudget' => 256]);
        self::assertSame($content, $r->content);
        self::assertSame(['exposure.json'], $r->warnings());
    }

    public function testTR_EXPOSE_8_theBudgetInOctetsJDroppedWholeNeverCut(): void
    {
        $s = ['k' => str_repeat('y', 42)];           // J is 50 octets
        $fits = expose(bound(ToolResult::text(str_repeat('x', 204), structured: $s), ['contentBudget' => 256]), ['policy' => 'json'], ['contentBudget' => 256]);
        self::assertSame(256, strlen($fits->content), '204 + 2 + 50: exactly the budget');
        $over = expose(bound(ToolResult::text(str_repeat('x', 205), structured: $s), ['contentBudget' => 256]), ['policy' => 'json'], ['contentBudget' => 256]);
        self::assertSame(str_repeat('x', 205), $over->content, 'one octet over: content unchanged');
        self::assertSame(['exposure.json', 'exposure.over_budget'], $over->warnings());
        // é is two octets and one character: the budget counts octets.
        $multi = expose(bound(ToolResult::text('é' . str_repeat('x', 203), structured: $s), ['contentBudget' => 256]), ['policy' => 'json'], ['contentBudget' => 256]);
        self::assertSame(['exposure.json', 'exposure.over_budget'], $multi->warnings());
        $long = expose(bound(ToolResult::text('short', structured: ['k' => str_repeat('y', 300)]), ['contentBudget' => 256]), ['policy' => 'json'], ['contentBudget' => 256]);
        self::assertSame('short', $long->content, 'J longer than the budget: dropped, content not cut');
        $cut = expose(bound(ToolResult::text(str_repeat('x', 300), structured: ['k' => 1]), ['contentBudget' => 256]), ['policy' => 'json'], ['contentBudget' => 256]);
        self::assertSame(['content.truncated', 'exposure.json', 'exposure.over_budget'], $cut->warnings(), 'truncated content has no room');
    }

    public function testTR_EXPOSE_8_neverOverTheBudgetForAnyBudgetAndLength(): void
    {
        mt_srand(12);
        for ($i = 0; $i < 400; $i++) {
            $budget = mt_rand(256, 700);
            $content = str_repeat(mt_rand(0, 1) === 1 ? 'é' : 'x', mt_rand(0, 400));
            $s = ['k' => str_repeat('€', mt_rand(0, 200)), 'n' => mt_rand()];
            $options = ['contentBudget' => $budget];
            $bounded = bound(ToolResult::text($content, structured: $s), $options);
            foreach ([['policy' => 'json'], ['policy' => 'allowlist', 'pointers' => ['/k', '/n', '/x']]] as $policy) {
                $r = expose($bounded, $policy, $options);
                self::assertLessThanOrEqual($budget, strlen($r->content), "case {$i}");
                self::assertSame($bounded->content, substr($r->content, 0, strlen($bounded->content)), "case {$i}: content is never cut");
                $dropped = in_array('exposure.over_budget', $r->warnings(), true);
                self::assertSame($dropped, $r->content === $bounded->content, "case {$i}: dropped exactly when unchanged");
            }
        }
    }

    // TR-EXPOSE-3: one content everywhere; the seam exposes after the hooks and replays without exposing.

    public function testTR_EXPOSE_3_theSeamExposesAfterTheHooksAndReplaysTheStoredBytes(): void
    {
        $ledger = new InMemoryLedgerStore();
        $runs = 0;
        $tool = function () use (&$runs): ToolResult {
            $runs++;
            return ToolResult::text('found', structured: ['id' => 7, 'secret' => self::CANARY]);
        };
        $hooks = [static fn (BoundedToolResult $r) => Results::withContent($r, 'Found one')];
        $first = ExecutionSeam::execute('c', $tool, $ledger, $hooks, exposure: ['policy' => 'allowlist', 'pointers' => ['/id']]);
        self::assertSame("Found one\n\n{\"/id\":7}", $first->content, 'the hook never saw the exposed JSON');
        $again = ExecutionSeam::execute('c', $tool, $ledger, $hooks, exposure: ['policy' => 'json']);
        self::assertSame(1, $runs);
        self::assertSame(Ledger::persist($first), Ledger::persist($again), 'the replay is what the model was sent');
        self::assertSame($first->content, Wire::message($first)['content']);
        self::assertSame($first->content, Sinks::suspendState($first)['content']);
        self::assertSame($first->content, Sinks::liveEvent($first)['result']->content);
        self::assertSame($first->content, Audit::record($first, ['full'])['result']->content);
        self::assertSame($first->content, Ledger::restore(Ledger::persist($first))->content);
        self::assertSame(['exposure.allowlist'], Ledger::restore(Ledger::persist($first))->warnings());
    }

    public function testTR_EXPOSE_2_theSeamRefusesABadPolicyBeforeTheToolRuns(): void
    {
        $ledger = new InMemoryLedgerStore();
        $ran = false;
        try {
            ExecutionSeam::execute('c', function () use (&$ran) {
                $ran = true;
                return ToolResult::text('x');
            }, $ledger, exposure: ['policy' => 'allowlist', 'pointers' => ['x']]);
            self::fail('accepted');
        } catch (InvalidOptions) {
        }
        self::assertFalse($ran);
        self::assertSame(['claimed'], $ledger->claim('c'), 'no claim was left behind');
    }
}
