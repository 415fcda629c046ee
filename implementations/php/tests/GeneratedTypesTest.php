<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Generated\BoundOptions as BoundOptionsSchema;
use ToolResult\Generated\PrivacyLevel;
use ToolResult\Generated\WarningCode;
use ToolResult\Kit\Adapter;
use ToolResult\Model\BoundOptions;
use ToolResult\Model\InvalidOptions;
use ToolResult\Sinks\Privacy;

use function ToolResult\bound;

/**
 * The implementation reads its closed sets, defaults and ranges from the generated types
 * (generated/, `npm run generate`): these cases fail if it goes back to a copy of its own.
 */
final class GeneratedTypesTest extends TestCase
{
    public function testTR_BOUND_13_keepsEveryCodeOfTheSchemasClosedSetAndDropsOthers(): void
    {
        $all = array_map(static fn (WarningCode $c): string => $c->value, WarningCode::cases());
        $given = array_merge(array_reverse($all), $all, ['made.up', 'CONTENT.TRUNCATED', 7, null]);
        $r = bound(['content' => 'ok', 'isError' => false, 'warnings' => array_map(static fn ($c) => ['code' => $c], $given)]);
        $want = $all;
        sort($want, SORT_STRING);
        self::assertSame($want, $r->warnings(), 'sorted by code point, each once (TR-MODEL-9)');
        self::assertContains('exposure.json', $r->warnings(), 'a code the schema gained is known without a hand edit');
    }

    public function testTR_MODEL_10_defaultsAndRangeAreTheSchemas(): void
    {
        $d = BoundOptions::defaults();
        self::assertSame(
            [BoundOptionsSchema::CONTENT_BUDGET_DEFAULT, BoundOptionsSchema::ARTIFACTS_BUDGET_DEFAULT, BoundOptionsSchema::STRUCTURED_BUDGET_DEFAULT],
            [$d->contentBudget, $d->artifactsBudget, $d->structuredBudget],
        );
        self::assertSame([50000, 50000, 1048576], [$d->contentBudget, $d->artifactsBudget, $d->structuredBudget]);
        foreach (['contentBudget', 'artifactsBudget', 'structuredBudget'] as $name) {
            self::assertSame(256, BoundOptions::from([$name => 256])->{$name});
            self::assertSame(2 ** 30, BoundOptions::from([$name => 2 ** 30])->{$name});
            foreach ([255, 2 ** 30 + 1] as $bad) {
                try {
                    BoundOptions::from([$name => $bad]);
                    self::fail("$name = $bad was accepted");
                } catch (InvalidOptions $e) {
                    self::assertStringContainsString($name, $e->getMessage());
                }
            }
        }
    }

    public function testTR_PRIV_2_strictestWinsInTheSchemasOrder(): void
    {
        self::assertSame(['none', 'metadata', 'redacted', 'full'], array_map(static fn (PrivacyLevel $l): string => $l->value, PrivacyLevel::cases()));
        self::assertSame('metadata', Privacy::effective([]));
        self::assertSame('redacted', Privacy::effective(['full', 'redacted']));
        self::assertSame('none', Privacy::effective(['full', 'secret']));
        self::assertSame('none', Privacy::effective([3]));
        self::assertSame('full', Privacy::effective(['full']));
    }

    public function testTR_CONF_2_anEnvelopeOutsideTheRequestSchemaIsABadRequest(): void
    {
        $bad = [
            '{"id":-1,"op":"hello","input":{}}',
            '{"id":"1","op":"hello","input":{}}',
            '{"id":1.5,"op":"hello","input":{}}',
            '{"id":1,"op":"hello","input":[]}',
            '{"id":1,"op":"hello","input":{},"extra":true}',
            '{"id":1,"op":7,"input":{}}',
            '{"op":"hello","input":{}}',
            '[1]',
            'not json',
        ];
        foreach ($bad as $line) {
            $response = json_decode(Adapter::answer($line)[0], true);
            self::assertSame(['id' => null, 'ok' => false], ['id' => $response['id'], 'ok' => $response['ok']], $line);
            self::assertSame('adapter.bad_request', $response['error']['code'], $line);
        }
        $ok = json_decode(Adapter::answer('{"id":0,"op":"hello","input":{"protocol":"toolresult-adapter/1"}}')[0], true);
        self::assertSame([0, true], [$ok['id'], $ok['ok']]);
    }
}
