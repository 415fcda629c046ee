<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Ledger\CallFingerprint;
use ToolResult\Ledger\ExecutionSeam;
use ToolResult\Ledger\InMemoryLedgerStore;
use ToolResult\Ledger\Ledger;
use ToolResult\Model\ToolResult;

/**
 * Spec §7.3: the ledger's key is the call (scope, call ID, fingerprint). The fingerprint function,
 * the seam's checks, and the in-memory store keyed by all three (the durable stores' own tests run
 * the same calls over SQLite and PostgreSQL).
 */
final class CallKeyTest extends TestCase
{
    private const CANARY = 'cnry-7f3a';

    public function testTR_REPLAY_40_theFingerprintIsTheSha256OfTheJcsOfToolAndArguments(): void
    {
        $want = hash('sha256', '{"arguments":{"user":"alice"},"tool":"balance"}');
        self::assertSame($want, CallFingerprint::of('balance', ['user' => 'alice']));
        self::assertSame($want, CallFingerprint::of('balance', (object) ['user' => 'alice']));
        // The example of spec §7.3.
        self::assertSame(
            '71c174a48ae5b992b2ba2f5494c80fff3cce9c272582a10d7a80416073a43fb9',
            CallFingerprint::of('get_balance', ['user' => 'bob']),
        );
        // JCS: members sorted by UTF-16 code units, numbers in ECMAScript form; {} for no arguments.
        self::assertSame(
            hash('sha256', '{"arguments":{"a":[1,0.5,1e-7,0,1e+300,1152921504606847000],"b":{}},"tool":"t"}'),
            CallFingerprint::of('t', ['b' => new stdClass(), 'a' => [1, 0.5, 1e-7, -0.0, 1e300, 2 ** 60]]),
        );
        self::assertSame(hash('sha256', '{"arguments":{},"tool":"t"}'), CallFingerprint::of('t'));
        self::assertSame(CallFingerprint::of('t', new stdClass()), CallFingerprint::of('t', []));
        self::assertNotSame(CallFingerprint::of('t', ['n' => 1]), CallFingerprint::of('t', ['n' => 2]));
        self::assertNotSame(CallFingerprint::of('t', ['n' => 1]), CallFingerprint::of('u', ['n' => 1]));
    }

    /** Arguments that are not a JSON object, or hold what is not JSON data, are refused without a quote. */
    public function testTR_REPLAY_40_theFingerprintRefusesWhatIsNotAJsonObjectWithoutQuotingIt(): void
    {
        $cycle = new stdClass();
        $cycle->self = $cycle;
        $refused = [
            'a list' => ['t', [self::CANARY, 2]],
            'a string' => ['t', self::CANARY],
            'null' => ['t', null],
            'NaN' => ['t', [self::CANARY => NAN]],
            'an infinity' => ['t', ['x' => [INF]]],
            'a string not UTF-8' => ['t', ['x' => self::CANARY . "\xff"]],
            'a name not UTF-8' => ['t', [self::CANARY . "\xff" => 1]],
            'a closure' => ['t', ['x' => fn () => self::CANARY]],
            'an object of a class' => ['t', ['x' => new ArrayObject([self::CANARY])]],
            'a cycle' => ['t', $cycle],
            'an empty tool name' => ['', ['x' => 1]],
            'a tool name not UTF-8' => [self::CANARY . "\xed\xa0\x80", []],
        ];
        foreach ($refused as $what => [$tool, $arguments]) {
            try {
                CallFingerprint::of($tool, $arguments);
                self::fail("$what was fingerprinted");
            } catch (InvalidArgumentException $e) {
                self::assertStringNotContainsString(self::CANARY, $e->getMessage(), $what);
            }
        }
    }

    /** Two scopes, one call ID: each call runs once and replays its own entry. */
    public function testTR_REPLAY_40_twoScopesOneCallIdAreTwoCalls(): void
    {
        $ledger = new InMemoryLedgerStore();
        $runs = [];
        $call = function (string $scope) use ($ledger, &$runs) {
            return ExecutionSeam::execute('call_0', function () use ($scope, &$runs) {
                $runs[] = $scope;
                return ToolResult::text("answer in $scope");
            }, $ledger, scope: $scope, toolName: 'balance', arguments: ['user' => 'alice']);
        };
        self::assertSame('answer in thread-a', $call('thread-a')->content);
        self::assertSame('answer in thread-b', $call('thread-b')->content);
        self::assertSame('answer in thread-a', $call('thread-a')->content);
        self::assertSame('answer in thread-b', $call('thread-b')->content);
        self::assertSame(['thread-a', 'thread-b'], $runs);
    }

    /** One scope, one call ID, other arguments or another tool: a call of its own, never the other's entry. */
    public function testTR_REPLAY_40_oneCallIdWithDifferentFingerprintsAreDifferentCalls(): void
    {
        $ledger = new InMemoryLedgerStore();
        $runs = 0;
        $call = function (?string $tool, ?array $arguments) use ($ledger, &$runs) {
            $label = json_encode([$tool, $arguments]);
            return ExecutionSeam::execute('call_0', function () use ($label, &$runs) {
                $runs++;
                return ToolResult::text($label);
            }, $ledger, toolName: $tool, arguments: $arguments)->content;
        };
        $calls = [[null, null], ['balance', ['user' => 'alice']], ['balance', ['user' => 'bob']], ['refund', ['user' => 'alice']]];
        foreach ($calls as [$tool, $arguments]) {
            self::assertSame(json_encode([$tool, $arguments]), $call($tool, $arguments));
        }
        foreach ($calls as [$tool, $arguments]) {
            self::assertSame(json_encode([$tool, $arguments]), $call($tool, $arguments), 'replayed its own entry');
        }
        self::assertSame(4, $runs);
        // A call without scope or tool has the key every call had before: the old API finds its entry.
        self::assertSame(['stored', Ledger::persist(ExecutionSeam::execute('call_0', fn () => self::fail('ran'), $ledger))], $ledger->claim('call_0'));
        $fp = CallFingerprint::of('balance', ['user' => 'bob']);
        self::assertSame('stored', $ledger->claim('call_0', '', $fp)[0]);
        self::assertSame(['claimed'], $ledger->claim('call_0', 'other', $fp));
    }

    /** TR-REPLAY-40, -21 for scopes: "" is the default scope; an invalid scope is refused before any claim, unquoted. */
    public function testTR_REPLAY_40_aScopeIsCheckedLikeACallIdAndNeverQuoted(): void
    {
        $ledger = new InMemoryLedgerStore();
        $bad = [
            'U+0000' => self::CANARY . "\0",
            'not UTF-8' => self::CANARY . "\xff",
            'a lone surrogate' => self::CANARY . "\xed\xa0\x80",
            'over 1024 octets' => str_repeat(self::CANARY, 200),
        ];
        foreach ($bad as $what => $scope) {
            try {
                ExecutionSeam::execute('c', fn () => self::fail("the tool ran with a scope of $what"), $ledger, scope: $scope);
                self::fail("a scope of $what was accepted");
            } catch (InvalidArgumentException $e) {
                self::assertStringContainsString('scope', $e->getMessage(), $what);
                self::assertStringNotContainsString(self::CANARY, $e->getMessage(), $what);
            }
        }
        self::assertSame(['claimed'], $ledger->claim('c'), 'nothing was claimed');
        $ok = ExecutionSeam::execute('d', fn () => ToolResult::text('ok'), $ledger, scope: str_repeat('é', 512));
        self::assertSame('ok', $ok->content);
    }

    public function testTR_REPLAY_40_argumentsWithoutAToolOrNotAnObjectAreRefused(): void
    {
        $ledger = new InMemoryLedgerStore();
        try {
            ExecutionSeam::execute('c', fn () => self::fail('ran'), $ledger, arguments: ['user' => self::CANARY]);
            self::fail('accepted');
        } catch (InvalidArgumentException $e) {
            self::assertStringNotContainsString(self::CANARY, $e->getMessage());
        }
        try {
            ExecutionSeam::execute('c', fn () => self::fail('ran'), $ledger, toolName: 'balance', arguments: [self::CANARY]);
            self::fail('accepted');
        } catch (InvalidArgumentException $e) {
            self::assertStringNotContainsString(self::CANARY, $e->getMessage());
        }
        self::assertSame(['claimed'], $ledger->claim('c'), 'nothing was claimed');
    }
}
