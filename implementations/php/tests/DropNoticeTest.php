<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Normalize\McpNormalizer;

/**
 * TR-NORM-67 on inputs too large or too many for a vector: a text of 32 MiB before an image, a
 * hundred thousand placeholders, raw octets split at the cut. The vectors cover the budget edge.
 */
final class DropNoticeTest extends TestCase
{
    private const IMAGE = ['type' => 'image', 'data' => 'iVBORw0KGgo=', 'mimeType' => 'image/png'];
    private const N256 = "\n\u{2026}[tool result truncated at 256 bytes]";

    public function testTR_NORM_67_aLongTextBeforeAnImage(): void
    {
        $text = str_repeat('x', 32 << 20);
        $content = McpNormalizer::normalize(['content' => [['type' => 'text', 'text' => $text], self::IMAGE]])->content;
        self::assertLessThanOrEqual(50000, strlen($content));
        self::assertStringEndsWith(
            "\n\u{2026}[tool result truncated at 50000 bytes]\n[omitted from this result: 1 image block]",
            $content,
        );
    }

    public function testTR_NORM_67_manyPlaceholdersAreOneCount(): void
    {
        $blocks = array_merge([['type' => 'text', 'text' => str_repeat('a', 300)]], array_fill(0, 100000, self::IMAGE));
        $content = McpNormalizer::normalize(['content' => $blocks], ['contentBudget' => 256])->content;
        self::assertSame(
            str_repeat('a', 168) . self::N256 . "\n[omitted from this result: 100000 image blocks]",
            $content,
        );
    }

    public function testTR_NORM_67_aCharacterSplitByTheRawCutIsNotKept(): void
    {
        // 174 octets of room: 58 three-octet characters fill it exactly; a 59th, raw, straddles
        // the edge of the four extra octets taken before coercion and must not leave a U+FFFD.
        $text = str_repeat("\u{20AC}", 100);
        $blocks = [['type' => 'text', 'text' => $text], self::IMAGE];
        $content = McpNormalizer::normalize(['content' => $blocks], ['contentBudget' => 256])->content;
        self::assertSame(
            str_repeat("\u{20AC}", 58) . self::N256 . "\n[omitted from this result: 1 image block]",
            $content,
        );
    }
}
