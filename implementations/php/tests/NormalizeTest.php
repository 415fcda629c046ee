<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Model\InvalidOptions;
use ToolResult\Model\ToolResult;
use ToolResult\Normalize\JsonSchema;
use ToolResult\Normalize\LangChainNormalizer;
use ToolResult\Normalize\LocalNormalizer;
use ToolResult\Normalize\McpNormalizer;

/** Chapter 10: the normalizers, with MCP results as json_decode gives them, as arrays and as objects. */
final class NormalizeTest extends TestCase
{
    private const MCP = '{"content":[{"type":"text","text":"Found 2"},{"type":"image","data":"AAAA","mimeType":"image/png"},'
        . '{"type":"text","text":"for the user","annotations":{"audience":["user"]}}],'
        . '"structuredContent":{"invoices":[{"id":"1"},{"id":"2"}]},"_meta":{"trace":"cnrymeta"}}';

    public function testTR_NORM_arraysAndObjectsNormalizeAlike(): void
    {
        $asObjects = McpNormalizer::normalize(json_decode(self::MCP, false));
        $asArrays = McpNormalizer::normalize(json_decode(self::MCP, true));
        self::assertEquals($asObjects->toRecord(), $asArrays->toRecord());
        self::assertSame("Found 2\n[image block omitted]", $asObjects->content);
        self::assertStringNotContainsString('cnrymeta', json_encode($asObjects->toRecord()), 'TR-NORM-21');
        self::assertStringNotContainsString('AAAA', json_encode($asObjects->toRecord()), 'TR-NORM-10');
        $table = $asObjects->artifacts()[0]->data->rows;
        self::assertSame([['content[1]', 'image', 'image/png', '3', ''], ['content[2]', 'text', '', '12', '']], $table);
    }

    public function testTR_NORM_40_malformed(): void
    {
        foreach (['text', null, [1, 2], ['content' => 'x'], ['isError' => 'true']] as $v) {
            self::assertSame('[malformed MCP tool result]', McpNormalizer::normalize($v)->content);
        }
        // json_decode('{}', true) is [], the empty list (spec §3.3): arrays cannot tell {} from [],
        // so an empty MCP object decoded to arrays reads as malformed (SPEC-NOTES.md); objects can.
        self::assertSame('[malformed MCP tool result]', McpNormalizer::normalize(json_decode('{}', true))->content);
        self::assertSame('', McpNormalizer::normalize(json_decode('{}', false))->content);
    }

    public function testTR_NORM_20_structuredOnlyIsWrittenAsText(): void
    {
        $r = McpNormalizer::normalize(['content' => [], 'structuredContent' => ['b' => 1, 'a' => [0.5]]]);
        self::assertSame('{"a":[0.5],"b":1}', $r->content);
        $dropped = McpNormalizer::normalize(['structuredContent' => ['n' => INF]]);
        self::assertSame('[structured result omitted]', $dropped->content);
    }

    public function testTR_NORM_30_31_schemaPolicies(): void
    {
        $v = ['content' => [['type' => 'text', 'text' => 'Found']], 'structuredContent' => ['count' => 'two']];
        $schema = json_decode('{"type":"object","properties":{"count":{"type":"integer"}},"required":["count"]}');
        self::assertSame(['structured.schema_mismatch'], McpNormalizer::normalize($v, ['outputSchema' => $schema])->warnings());
        $enforced = McpNormalizer::normalize($v, ['outputSchema' => $schema, 'schemaPolicy' => 'enforce']);
        self::assertTrue($enforced->isError);
        self::assertSame('[tool output did not match its output schema]', $enforced->content);
        self::assertTrue(McpNormalizer::normalize($v, ['outputSchema' => $schema, 'schemaPolicy' => 'off'])->hasStructured());
        $this->expectException(InvalidOptions::class);
        McpNormalizer::normalize($v, ['schemaPolicy' => 'strict']);
    }

    public static function schemas(): array
    {
        return [
            ['{"type":"integer"}', '2.0', true],
            ['{"$schema":"http://json-schema.org/draft-07/schema#","items":[{"type":"number"}],"additionalItems":false}', '[1,2]', false],
            ['{"prefixItems":[{"type":"number"}],"items":false}', '[1]', true],
            ['{"$defs":{"n":{"type":"number"}},"properties":{"a":{"$ref":"#/$defs/n"}}}', '{"a":"x"}', false],
            ['{"$id":"https://x.test/s","$defs":{"n":{"$anchor":"num","type":"number"}},"items":{"$ref":"https://x.test/s#num"}}', '[1,2]', true],
            ['{"$ref":"https://elsewhere.test/schema.json"}', '{}', false],
            ['{"pattern":"^\\\\d+$"}', '"123"', true],
            ['{"pattern":"^\\\\d+$"}', '"12\u0663"', false],
            ['{"pattern":"^a$"}', '"a\n"', false],
            // TR-NORM-65.1: no linear-time algorithm: the check cannot run.
            ['{"pattern":"^(?<n>[a-z])\\\\k<n>$"}', '"aa"', false],
            ['{"pattern":"^(a)\\\\1$"}', '"aa"', false],
            ['{"pattern":"^(?!b)a$"}', '"a"', false],
            ['{"pattern":"^(?<=x)?a$"}', '"a"', false],
            // Nested and alternated repetitions run on the linear engine (TR-NORM-65 item 3).
            ['{"patternProperties":{"^(a+)+$":true}}', '{}', true],
            ['{"properties":{"x":{"pattern":"^(\\\\w+\\\\s?)*$"}}}', '{}', true],
            ['{"pattern":"^(a|b)*$"}', '"ab"', true],
            ['{"pattern":"^(ab)*(c)?\\\\(a+\\\\)*$"}', '"abc(aa)"', true],
            // TR-NORM-65.2: canonical JSON equality, 1 and 1.0 alike, members in any order.
            ['{"uniqueItems":true}', '[1,1.0]', false],
            ['{"uniqueItems":true}', '[{"a":1,"b":2},{"b":2,"a":1}]', false],
            ['{"uniqueItems":true}', '[1,"1",[1],{"a":1}]', true],
            ['{"pattern":"("}', '"x"', false],
            ['{"required":"a"}', '{}', false],
            ['{"$dynamicRef":"#x"}', '{}', false],
            ['{"x-vendor":5,"type":"object"}', '{}', true],
            ['{"unevaluatedProperties":false,"allOf":[{"properties":{"a":true}}]}', '{"a":1}', true],
            ['{"unevaluatedProperties":false,"allOf":[{"properties":{"a":true}}]}', '{"a":1,"b":2}', false],
            ['{"minLength":2}', '"\u00e9"', false],
            ['{"enum":[{"a":[1]}]}', '{"a":[1.0]}', true],
            ['{"$schema":"http://json-schema.org/draft-04/schema#"}', '{}', false],
            ['{"$ref":"#"}', '{}', false],
            ['{"$defs":{"n":{"type":"object","properties":{"c":{"items":{"$ref":"#/$defs/n"}}}}},"$ref":"#/$defs/n"}', '{"c":[{"c":[{"c":[]}]}]}', true],
            ['{"$defs":{"n":{"type":"object","properties":{"c":{"items":{"$ref":"#/$defs/n"}}}}},"$ref":"#/$defs/n"}', '{"c":[{"c":[5]}]}', false],
            ['true', '1', true],
            ['null', '1', false],
        ];
    }

    /** @dataProvider schemas */
    public function testTR_NORM_32_schemaCheck(string $schema, string $value, bool $want): void
    {
        self::assertSame($want, JsonSchema::accepts(json_decode($schema), json_decode($value)));
    }

    /** TR-NORM-65.3: a check that would take 2^40 steps stops at the limit, quickly, and fails. */
    public function testTR_NORM_65_workLimit(): void
    {
        $defs = [];
        for ($i = 0; $i < 40; $i++) {
            $ref = ['$ref' => '#/$defs/a' . ($i + 1)];
            $defs['a' . $i] = ['anyOf' => [$ref, $ref]];
        }
        $defs['a40'] = ['type' => 'string'];
        $schema = json_decode(json_encode(['$defs' => $defs, '$ref' => '#/$defs/a0']));
        // CPU time (a busy machine's waiting is not the check's work): the step limit stops it within
        // milliseconds; without it the 2^40 branches would run for days, so 5 s only guards a hang.
        $cpu = static function (): float {
            $u = getrusage();
            return $u['ru_utime.tv_sec'] + $u['ru_stime.tv_sec'] + ($u['ru_utime.tv_usec'] + $u['ru_stime.tv_usec']) / 1e6;
        };
        $t = $cpu();
        self::assertFalse(JsonSchema::accepts($schema, 5));
        self::assertLessThan(5.0, $cpu() - $t);
        // Just under the limit still runs to its answer.
        $list = json_decode('{"items":{"type":"integer"}}');
        self::assertTrue(JsonSchema::accepts($list, range(1, JsonSchema::STEP_LIMIT - 1)));
        self::assertFalse(JsonSchema::accepts($list, range(1, JsonSchema::STEP_LIMIT)));
    }

    public function testTR_NORM_50_to_56_langChain(): void
    {
        $r = LangChainNormalizer::normalize(['content' => '{"type":"text","text":"Total","structuredContent":{"t":1}}', 'artifact' => [['type' => 'mcp_structured_content', 'data' => ['t' => 1]]]]);
        self::assertSame('Total', $r->content);
        self::assertEquals((object) ['t' => 1], $r->structured());
        $meta = [['type' => 'mcp_meta', 'data' => []]];
        self::assertSame("a\u{FFFD}", LangChainNormalizer::normalize(['content' => '{"type":"text","text":"a\\ud800","meta":{"\\u0000k":1}}', 'artifact' => $meta])->content, 'JSON texts json_decode refuses unwrap too');
        self::assertSame('y', LangChainNormalizer::normalize(['content' => '{"type":"text","text":"x","text":"y","meta":1}', 'artifact' => $meta])->content, 'a repeated name keeps its last value');
        $data = [['type' => 'mcp_structured_content', 'data' => 1]];
        self::assertSame('T', LangChainNormalizer::normalize(['content' => '{"type":"text","text":"T","structuredContent":1,"source_type":"text","later":2}', 'artifact' => $data])->content, 'other members do not stop the unwrap');
        self::assertSame('T', LangChainNormalizer::normalize(['content' => '{"text":"T"}', 'artifact' => $data])->content);
        self::assertSame('1', LangChainNormalizer::normalize(['content' => '{"type":"text","text":5,"structuredContent":1}', 'artifact' => $data])->content, 'no string text: no text, so TR-NORM-20');
        self::assertSame('[1]', LangChainNormalizer::normalize(['content' => '[1]', 'artifact' => $data])->content, 'not an object: text as it is');
        self::assertSame('[malformed LangChain tool message]', LangChainNormalizer::normalize(['content' => 'x', 'status' => 'failed'])->content);
        self::assertSame(['structured.invalid'], LangChainNormalizer::normalize(['content' => 'x', 'artifact' => ['structured_content' => 1, 'structuredContent' => 2]])->warnings());
    }

    public function testTR_NORM_60_to_63_local(): void
    {
        self::assertSame('plain', LocalNormalizer::normalize('plain')->content);
        self::assertSame('[1,"a"]', LocalNormalizer::normalize([1, 'a'])->content);
        self::assertSame('[structured result omitted]', LocalNormalizer::normalize(NAN)->content);
        foreach ([fn () => 1, new DateTimeImmutable(), 2 ** 60, \ToolResult\Model\Absent::Value] as $v) {
            self::assertSame('[tool returned a value that is not a supported tool result]', LocalNormalizer::normalize($v)->content);
        }
        $r = ToolResult::text('kept', structured: 1);
        self::assertEquals(\ToolResult\Bound\Bounder::bound($r)->toRecord(), LocalNormalizer::normalize($r)->toRecord(), 'TR-NORM-62');
    }
}
