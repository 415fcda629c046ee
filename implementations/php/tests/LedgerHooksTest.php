<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Hooks\Pipeline;
use ToolResult\Hooks\Results;
use ToolResult\Ledger\Ledger;
use ToolResult\Ledger\LedgerError;
use ToolResult\Log\Logger;
use ToolResult\Model\ToolResult;

use function ToolResult\bound;

/** Chapters 07 and 08: entries, restore's refusals, the hook pipeline. */
final class LedgerHooksTest extends TestCase
{
    public function testTR_REPLAY_2_entryIsJcs(): void
    {
        $r = bound(ToolResult::text('Found 2', structured: ['b' => [1, 0.5, 1e-7], 'a' => null, "\u{FF5E}" => 1, "\u{1F600}" => 2, 'esc' => "/\u{2028}\x7F\x01"]));
        self::assertSame('{"result":{"artifacts":[],"content":"Found 2","isError":false,"structured":{"a":null,"b":[1,0.5,1e-7],"esc":"/' . "\u{2028}\x7F" . '\u0001","' . "\u{1F600}" . '":2,"' . "\u{FF5E}" . '":1},"warnings":[]},"version":1}', Ledger::persist($r));
    }

    public function testTR_REPLAY_3_roundTrip(): void
    {
        foreach ([ToolResult::text('x', structured: null), ToolResult::error('boom', structured: ['code' => 'E']), ToolResult::text(str_repeat('y', 60000))] as $raw) {
            $r = bound($raw);
            $back = Ledger::restore(Ledger::persist($r));
            self::assertEquals($r->toRecord(), $back->toRecord());
            self::assertSame(Ledger::persist($r), Ledger::persist($back));
        }
    }

    public function testMemberNamesPhpReservesRoundTrip(): void
    {
        $o = \ToolResult\Json\JsonData::makeObject([["\0", 'nul'], ['0', 'zero'], ["\0a\0b", 'mangled-looking']]);
        $r = bound(ToolResult::text('x', structured: [$o]));
        self::assertSame([], $r->warnings());
        $entry = Ledger::persist($r);
        self::assertSame('{"result":{"artifacts":[],"content":"x","isError":false,"structured":[{"\\u0000":"nul","\\u0000a\\u0000b":"mangled-looking","0":"zero"}],"warnings":[]},"version":1}', $entry);
        self::assertSame($entry, Ledger::persist(Ledger::restore($entry)));
    }

    public static function refusals(): array
    {
        return [
            ['not json', 'ledger.malformed'],
            ['{"version":1,"version":1,"result":{}}', 'ledger.malformed'],
            ['{"version":2}', 'ledger.unknown_version'],
            ['{"version":1e0,"result":{"content":"x","isError":false,"artifacts":[],"warnings":[]}}', 'ok'],
            ['{"version":1,"result":{"content":"x","isError":false,"artifacts":[],"warnings":[{"code":"zzz"}]}}', 'ledger.not_bounded'],
            ['{"version":1,"result":{"content":"\ud800","isError":false,"artifacts":[],"warnings":[]}}', 'ledger.not_bounded'],
            ['{"version":1,"result":{"content":"x","isError":false,"artifacts":[],"warnings":[],"structured":1e400}}', 'ledger.not_bounded'],
            ['{"version":1,"result":{"content":"x","isError":false,"artifacts":{},"warnings":[]}}', 'ledger.malformed'],
            ['"legacy \ud83d\ude00 \udc00"', 'ok'],
            [str_repeat('[', 67) . str_repeat(']', 67), 'ledger.malformed'],
            [str_repeat('[', 100000) . str_repeat(']', 100000), 'ledger.malformed'],
            ["\"\xFF\"", 'ledger.malformed'],
        ];
    }

    /** @dataProvider refusals */
    public function testTR_REPLAY_4_to_7_restore(string $entry, string $want): void
    {
        try {
            Ledger::restore($entry);
            $got = 'ok';
        } catch (LedgerError $e) {
            $got = $e->codeName;
            self::assertStringNotContainsString('ud800', $e->getMessage());
        }
        self::assertSame($want, $got);
    }

    public function testTR_HOOK_pipeline(): void
    {
        $lines = [];
        $logger = new class ($lines) implements Logger {
            public function __construct(private array &$lines) {}
            public function log(string $message, array $fields = []): void { $this->lines[] = $message . json_encode($fields); }
        };
        $first = bound(ToolResult::text('long text', structured: ['k' => 'cnrysecret'], warnings: ['content.truncated']));
        $out = Pipeline::transform($first, [
            static fn ($r) => Results::withContent($r, 'short'),
            static fn ($r) => throw new RuntimeException('cnrysecret ' . $r->content),
            static fn ($r) => 'not a result',
            static fn ($r) => null,
        ], null, $logger);
        self::assertSame('short', $out->content);
        self::assertEquals((object) ['k' => 'cnrysecret'], $out->structured(), 'TR-HOOK-3');
        self::assertSame(['content.truncated', 'hook.failed'], $out->warnings(), 'TR-HOOK-5, TR-HOOK-6');
        self::assertCount(2, $lines);
        self::assertStringNotContainsString('cnrysecret', implode("\n", $lines), 'TR-HOOK-7');
        $rebounded = Pipeline::transform($first, [static fn ($r) => Results::withContent($r, str_repeat('z', 400))], ['contentBudget' => 256]);
        self::assertSame(256, strlen($rebounded->content), 'TR-HOOK-4');
    }
}
