<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\InvalidOptions;
use ToolResult\Model\ToolResult;

use function ToolResult\bound;

/** Chapter 03 and the result types: bounding, failing closed, options, immutability, conversions. */
final class BoundTest extends TestCase
{
    public function testTR_BOUND_3_contentCapKeepsWholeCharacters(): void
    {
        $r = bound(ToolResult::text(str_repeat("\u{20AC}", 200)), ['contentBudget' => 256]);
        $notice = "\n\u{2026}[tool result truncated at 256 bytes]";
        self::assertLessThanOrEqual(256, strlen($r->content));
        self::assertStringEndsWith($notice, $r->content);
        self::assertSame(str_repeat("\u{20AC}", intdiv(256 - strlen($notice), 3)) . $notice, $r->content);
        self::assertSame(['content.truncated'], $r->warnings());
    }

    public function testTR_BOUND_3_cutOfIllFormedOctetsMatchesTheWholeCoercion(): void
    {
        $raw = str_repeat("a\xF0\x9F\x98", 500);
        $r = bound(ToolResult::text($raw), ['contentBudget' => 300]);
        self::assertTrue(mb_check_encoding($r->content, 'UTF-8'));
        $whole = \ToolResult\Bound\Utf8::coerce($raw);
        $keep = 300 - strlen("\n\u{2026}[tool result truncated at 300 bytes]");
        self::assertSame(\ToolResult\Bound\Utf8::prefix($whole, $keep) . "\n\u{2026}[tool result truncated at 300 bytes]", $r->content);
    }

    public function testTR_BOUND_10_markerForEachVerdict(): void
    {
        $big = [(object) ['type' => 'text', 'label' => 'l', 'data' => (object) ['text' => str_repeat('x', 600)]]];
        $r = bound(ToolResult::text('ok', artifacts: $big), ['artifactsBudget' => 256]);
        self::assertEquals([(object) ['type' => 'text', 'label' => 'Artifacts omitted', 'data' => (object) ['text' => 'exceeded 256 bytes']]], $r->artifacts());
        self::assertSame(['artifacts.over_budget'], $r->warnings());
        $bad = bound(ToolResult::text('ok', artifacts: [(object) ['type' => 'chart', 'label' => 'l', 'data' => new stdClass()]]));
        self::assertSame(['artifacts.invalid_shape'], $bad->warnings());
        $arrays = bound(ToolResult::text('ok', artifacts: [['type' => 'table', 'label' => 'l', 'data' => ['columns' => ['a'], 'rows' => [['1']]]]]));
        self::assertSame([], $arrays->warnings(), 'an artifact given as PHP arrays is an object');
    }

    public function testTR_BOUND_11_and_TR_MODEL_4_structured(): void
    {
        $r = bound(ToolResult::text('ok', structured: null));
        self::assertTrue($r->hasStructured());
        self::assertNull($r->structured());
        self::assertTrue(property_exists($r->toRecord(), 'structured'));
        $none = bound(ToolResult::text('ok'));
        self::assertFalse($none->hasStructured());
        self::assertFalse(property_exists($none->toRecord(), 'structured'));
        $dropped = bound(ToolResult::text('ok', structured: ['n' => NAN]));
        self::assertFalse($dropped->hasStructured());
        self::assertSame(['structured.unencodable'], $dropped->warnings());
    }

    public function testTR_BOUND_12_errorDropsArtifacts(): void
    {
        $r = bound(['content' => 'x', 'isError' => true, 'artifacts' => [1], 'structured' => ['code' => 'E']]);
        self::assertSame([], $r->artifacts());
        self::assertSame(['artifacts.dropped_on_error'], $r->warnings());
        self::assertEquals(['code' => 'E'], (array) $r->structured(), 'TR-MODEL-3');
        self::assertSame([], bound(['content' => 'x', 'isError' => true, 'artifacts' => []])->warnings());
    }

    public function testTR_BOUND_4_and_17_untypedCallers(): void
    {
        $r = bound(['content' => new ArrayObject(), 'isError' => 1]);
        self::assertSame('', $r->content);
        self::assertFalse($r->isError);
        self::assertSame(['content.not_text'], $r->warnings());
        self::assertSame(['content.not_text'], bound(42)->warnings());
        $forged = (new ReflectionClass(ToolResult::class))->newInstanceWithoutConstructor();
        self::assertSame(['content.not_text'], bound($forged)->warnings(), 'TR-BOUND-0: an unconstructed result is read as nothing');
    }

    public function testTR_BOUND_13_and_TR_MODEL_9_warningsMergedSorted(): void
    {
        $r = bound(ToolResult::text('ok', structured: NAN, warnings: ['hook.failed', 'no.such_code', 'content.truncated', 'hook.failed']));
        self::assertSame(['content.truncated', 'hook.failed', 'structured.unencodable'], $r->warnings());
    }

    public function testTR_BOUND_14_idempotent(): void
    {
        $r = bound(ToolResult::text(str_repeat("\xE2\x82", 300), structured: ["a\x80" => [1.5, -0.0]], artifacts: [(object) ['type' => 'text', 'label' => "\xFF", 'data' => (object) ['text' => 't']]]), ['contentBudget' => 256]);
        $again = bound($r, ['contentBudget' => 256]);
        self::assertEquals($r->toRecord(), $again->toRecord());
        self::assertSame(0, $r->structured()->{"a\u{FFFD}"}[1], 'TR-BOUND-5: -0 is 0');
    }

    public function testTR_MODEL_10_optionsRejectedByName(): void
    {
        foreach ([['contentBudget' => 255], ['contentBudget' => true], ['contentBudget' => '512'], ['contentBudget' => null], ['other' => 1], [1, 2], 'x'] as $bad) {
            try {
                bound(ToolResult::text('secret-content'), $bad);
                self::fail('accepted ' . json_encode($bad));
            } catch (InvalidOptions $e) {
                self::assertStringNotContainsString('secret', $e->getMessage());
            }
        }
        self::assertSame(512, \ToolResult\Model\BoundOptions::from(['contentBudget' => 512.0])->contentBudget);
    }

    public function testTR_EGRESS_1_conversionsShowTheShapeOnly(): void
    {
        $canary = 'cnry0123456789abcdef';
        foreach ([ToolResult::text('c', structured: [$canary => $canary], artifacts: [(object) ['type' => 'text', 'label' => $canary, 'data' => (object) ['text' => $canary]]]), null] as $raw) {
            $raw ??= ToolResult::text('c', structured: [$canary => $canary]);
            foreach ([$raw, bound($raw)] as $r) {
                ob_start();
                var_dump($r);
                $dumped = ob_get_clean();
                $texts = [(string) $r, print_r($r, true), var_export($r, true), serialize($r), json_encode($r), json_encode((array) $r), json_encode(get_object_vars($r)), $dumped];
                foreach ($texts as $t) {
                    self::assertStringNotContainsString($canary, $t);
                }
            }
        }
    }

    public function testTR_EGRESS_6_boundedResultsDoNotChange(): void
    {
        $value = new stdClass();
        $value->n = 1;
        $r = bound(ToolResult::text('ok', structured: $value));
        $value->n = 2;
        $copy = $r->structured();
        $copy->n = 3;
        self::assertSame(1, $r->structured()->n);
    }

    public function testTR_SINK_6_constructionAndForgery(): void
    {
        $ctor = new ReflectionMethod(ToolResult::class, '__construct');
        self::assertTrue($ctor->isPrivate());
        self::assertTrue((new ReflectionClass(BoundedToolResult::class))->isReadOnly());
        $forged = (new ReflectionClass(BoundedToolResult::class))->newInstanceWithoutConstructor();
        self::assertFalse(BoundedToolResult::isGenuine($forged));
        $this->expectException(LogicException::class);
        BoundedToolResult::factory();
    }

    public function testAbsentIsAChannelNotGiven(): void
    {
        self::assertFalse(bound(ToolResult::text('x', structured: Absent::Value))->hasStructured());
    }
}
