<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Bound\Utf8;
use ToolResult\Bound\Verdict;
use ToolResult\Bound\Walker;
use ToolResult\Json\CanonicalJson;
use ToolResult\Json\JsonData;
use ToolResult\Model\Absent;

/**
 * The rest of a Python adapter artifact (TR-NORM-66): the members beside structured_content, kept
 * run-only as one text artifact of their canonical JSON, every binary reduced to a stub that says it
 * was there and how large, the whole held to 4,096 octets by the bounder's own verdict. PHP has no
 * native byte array (TR-NORM-10), so every binary here is a string.
 */
final class ArtifactMembers
{
    public const LABEL = 'Artifact members';
    public const OMITTED = '[artifact members omitted]';
    public const BUDGET = 4096;

    /** The members MCP and LangChain keep bytes in: a string there is binary data, whatever it holds. */
    private const BINARY_MEMBERS = ['base64', 'data', 'blob'];
    /** The structured members (TR-NORM-54) and MCP `_meta` (TR-NORM-21) are not part of the rest. */
    private const NOT_REST = ['structured_content', 'structuredContent', '_meta'];
    // Every node of the reduced value costs at least one octet and the reduction removes none, so a
    // walk past this many nodes, or this deep (the bounder stops at 64), cannot end in an ok verdict:
    // the caps only make the walk finish on a cycle or a huge value, and no answer depends on them.
    private const NODE_CAP = self::BUDGET + 1;
    private const DEPTH_CAP = 66;

    private int $count = 1;

    /** The text of the members artifact, or null when the artifact has no other member. */
    public static function text(\stdClass|array $artifact): ?string
    {
        $rest = [];
        foreach (JsonData::entries($artifact) as [$k, $v]) {
            if (!in_array((string) $k, self::NOT_REST, true) && $v !== Absent::Value) {
                $rest[] = [$k, $v];
            }
        }
        if ($rest === []) {
            return null;
        }
        $walk = new self();
        $pairs = [];
        foreach ($rest as [$k, $v]) {
            $reduced = $walk->reduce($v, in_array((string) $k, self::BINARY_MEMBERS, true), 2);
            if ($reduced === Absent::Value) {
                return self::OMITTED;
            }
            $pairs[] = [(string) $k, $reduced];
        }
        $m = Walker::measure(JsonData::makeObject($pairs), self::BUDGET);
        return $m->verdict === Verdict::Ok ? CanonicalJson::encode($m->copy) : self::OMITTED;
    }

    private static function stub(int $size): \stdClass
    {
        return JsonData::makeObject([['omitted', true], ['size', $size], ['type', 'binary']]);
    }

    private static function stringSize(string $s, bool $binaryMember): ?int
    {
        if ($binaryMember) {
            return Base64::decodedSize($s) ?? strlen(Utf8::coerce($s));
        }
        if (DataUrl::isDataUrl($s)) {
            return DataUrl::read($s)['size'] ?? strlen(Utf8::coerce($s));
        }
        return null;
    }

    /** The reduced value, or Absent::Value when the walk passed its caps. */
    private function reduce(mixed $v, bool $binaryMember, int $depth): mixed
    {
        if (++$this->count > self::NODE_CAP || $depth > self::DEPTH_CAP) {
            return Absent::Value;
        }
        if (is_string($v)) {
            $size = self::stringSize($v, $binaryMember);
            return $size === null ? $v : self::stub($size);
        }
        if (JsonData::isList($v)) {
            $out = [];
            foreach ($v as $item) {
                $r = $this->reduce($item, false, $depth + 1);
                if ($r === Absent::Value) {
                    return Absent::Value;
                }
                $out[] = $r;
            }
            return $out;
        }
        if (JsonData::isObject($v)) {
            $pairs = [];
            foreach (JsonData::entries($v) as [$k, $item]) {
                $r = $this->reduce($item, in_array((string) $k, self::BINARY_MEMBERS, true), $depth + 1);
                if ($r === Absent::Value) {
                    return Absent::Value;
                }
                $pairs[] = [(string) $k, $r];
            }
            return JsonData::makeObject($pairs);
        }
        return $v; // numbers, booleans, null, and whatever the bounder will find unencodable
    }
}
