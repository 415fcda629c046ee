<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Egress\Wire;
use ToolResult\Model\NotBounded;
use ToolResult\Model\ToolResult;
use ToolResult\Sinks\Audit;
use ToolResult\Sinks\Redactor;
use ToolResult\Sinks\Sinks;

use function ToolResult\bound;

/** Chapters 04–06: the wire, the suspend state, the live event and the audit record. */
final class SinksTest extends TestCase
{
    private const CANARY = 'cnryfedcba9876543210';

    private function result(): \ToolResult\Model\BoundedToolResult
    {
        return bound(ToolResult::text('visible', structured: [self::CANARY => self::CANARY], artifacts: [(object) ['type' => 'table', 'label' => self::CANARY, 'data' => (object) ['columns' => ['c'], 'rows' => [[self::CANARY]]]]]));
    }

    public function testTR_EGRESS_3_wireIsContentAndIsError(): void
    {
        self::assertSame(['content' => 'visible', 'isError' => false], Wire::message($this->result()));
        self::assertSame(['content' => 'visible', 'isError' => false], Sinks::suspendState($this->result()), 'TR-SINK-2');
    }

    public function testTR_EGRESS_2_rawAndForgedResultsRefused(): void
    {
        foreach ([ToolResult::text(self::CANARY), ['content' => self::CANARY, 'isError' => false], (new ReflectionClass(\ToolResult\Model\BoundedToolResult::class))->newInstanceWithoutConstructor()] as $bad) {
            foreach ([Wire::message(...), Sinks::suspendState(...), Sinks::liveEvent(...), Audit::record(...), \ToolResult\Ledger\Ledger::persist(...)] as $fn) {
                try {
                    $fn($bad);
                    self::fail('accepted');
                } catch (NotBounded $e) {
                    self::assertMatchesRegularExpression('/^\w+ accepts only a BoundedToolResult$/', $e->getMessage());
                }
            }
        }
    }

    public function testTR_SINK_3_liveEventIsWhole(): void
    {
        $e = Sinks::liveEvent($this->result());
        self::assertSame('tool_result', $e['kind']);
        self::assertEquals($this->result()->toRecord(), $e['result']);
    }

    public function testTR_PRIV_levels(): void
    {
        $r = $this->result();
        self::assertSame(['version' => 1, 'level' => 'none'], Audit::record($r, ['full', 'none']));
        $m = Audit::record($r, []);
        self::assertSame('metadata', $m['level'], 'TR-PRIV-1');
        self::assertStringNotContainsString(self::CANARY, json_encode($m), 'TR-PRIV-4');
        self::assertSame(['isError' => false, 'contentOctets' => 7, 'hasStructured' => true, 'structuredOctets' => 2 * 22 + 3, 'artifactCount' => 1,
            'artifactsOctets' => strlen(\ToolResult\Json\CanonicalJson::encode($r->artifacts())), 'artifactTypes' => ['table'], 'warnings' => []], $m['summary']);
        self::assertSame('none', Audit::record($r, ['full', 'secret'])['level'], 'TR-PRIV-2');
        self::assertSame($m['summary'], Audit::record($r, ['full'])['summary'], 'TR-PRIV-12');
    }

    public function testTR_PRIV_7_redactionCoversKeysAndCells(): void
    {
        $r = bound(ToolResult::text('mail bob@example.com', structured: ['a@b.io' => 'Bearer abcdef', 'c@d.io' => 1], artifacts: [(object) ['type' => 'text', 'label' => 'sk-1234567890', 'data' => (object) ['text' => 'https://u:p@h']]]));
        $rec = Audit::record($r, ['redacted']);
        self::assertSame('mail ***', $rec['result']['content']);
        self::assertEquals((object) ['***' => 'Bearer ***', '***#2' => 1], $rec['result']['structured'], 'TR-PRIV-9');
        self::assertSame('***', $rec['result']['artifacts'][0]['label']);
        self::assertSame('https://***@h', $rec['result']['artifacts'][0]['data']->text);
    }

    /**
     * Keys that redact alike get k, k#2, k#3, … in order, skipping a name an earlier key already took,
     * and many of them cost O(n): 12,000 e-mail keys took 5.4 s with a search from #2 for each key.
     */
    public function testTR_PRIV_9_collidingKeysNamedInOrderAndLinearly(): void
    {
        // `***#2` is an original key that redacts to itself and sorts before the e-mail keys.
        $s = ['***#2' => 'taken', 'a@b.io' => 1, 'c@d.io' => 2, 'e@f.io' => 3];
        $rec = Audit::record(bound(ToolResult::text('x', structured: $s)), ['redacted']);
        self::assertEquals((object) ['***#2' => 'taken', '***' => 1, '***#3' => 2, '***#4' => 3], $rec['result']['structured'], 'TR-PRIV-9');

        $many = [];
        for ($i = 0; $i < 12000; $i++) {
            $many[sprintf('u%05d@example.com', $i)] = $i;
        }
        $rec = Audit::record(bound(ToolResult::text('x', structured: $many), ['structuredBudget' => 1 << 24]), ['redacted']);
        $names = array_keys(get_object_vars($rec['result']['structured']));
        self::assertCount(12000, $names);
        self::assertSame(['***', '***#2', '***#3'], array_slice($names, 0, 3));
        self::assertSame('***#12000', $names[11999]);
    }

    public function testTR_PRIV_8_and_10_redactor(): void
    {
        self::assertSame('***', Redactor::redact('ghp_' . str_repeat('a', 40)));
        self::assertSame(Redactor::pass(Redactor::redact('x user@example.com y')), Redactor::redact('x user@example.com y'));
        self::assertSame(1986 + 14, strlen(Redactor::redact(str_repeat("\u{00E9}", 1500))));
        $r = bound(ToolResult::text('x'));
        self::assertSame('***', Audit::record($r, ['redacted'], static fn (string $s) => throw new RuntimeException($s))['result']['content']);
        self::assertSame('***', Audit::record($r, ['redacted'], static fn (string $s) => "\xFF")['result']['content']);
        self::assertSame('***', Audit::record($r, ['redacted'], static fn (string $s) => 5)['result']['content']);
    }

    public function testTR_PRIV_16_credentialRulesAndNearMisses(): void
    {
        $cases = [
            'GET /v1?token=abc123&x=1' => 'GET /v1?token=***&x=1',
            '?X-Amz-Signature=fe5f&pageToken=p2' => '?X-Amz-Signature=***&pageToken=p2',
            'Authorization: Basic dXNlcjpwYXNz' => 'Authorization: Basic ***',
            'Authorization: required' => 'Authorization: required',
            'id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx.sig ok' => 'id *** ok',
            'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx' => 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIx',
            'glpat-abcdefghij xapp-1-A052F' => '*** xapp-1-A052F',
            'ASIAY34FZKBOKMUTVV7A ASIA_PACIFIC_NORTH' => '*** ASIA_PACIFIC_NORTH',
        ];
        foreach ($cases as $in => $want) {
            self::assertSame($want, Redactor::redact($in), $in);
        }
    }

    /**
     * TR-PRIV-17: the credential rules' worst cases get the rules' answer, not the mask PCRE's
     * backtrack limit would give (a rule that let a name end anywhere gave up at a million octets).
     */
    public function testTR_PRIV_17_hostileLeavesAreAnsweredByTheRules(): void
    {
        $leaves = ['?' . str_repeat('a', 1_000_000), str_repeat('?access_', 125_000), 'Authorization: ' . str_repeat('a', 1_000_000),
            'eyJ' . str_repeat('a', 1_000_000), str_repeat(' ASIA', 200_000)];
        foreach ($leaves as $leaf) {
            self::assertSame($leaf, Redactor::pass($leaf), substr($leaf, 0, 20));
        }
    }
}
