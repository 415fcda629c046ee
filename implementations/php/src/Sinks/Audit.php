<?php

declare(strict_types=1);

namespace ToolResult\Sinks;

use ToolResult\Bound\Utf8;
use ToolResult\Bound\Walker;
use ToolResult\Generated\ArtifactType;
use ToolResult\Generated\PrivacyLevel;
use ToolResult\Json\JsonData;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\NotBounded;

/** The audit record at a privacy level (chapter 06, audit-record.schema.json). */
final class Audit
{
    /**
     * @param list<mixed> $levels the settings that meet (global, per tool, …); the strictest wins
     * @param (callable(string): mixed)|null $redactor a string-to-string function; the default one of §6.3 when null
     */
    public static function record(mixed $result, array $levels = [], ?callable $redactor = null): array
    {
        $r = NotBounded::check($result, 'toAuditRecord');
        $level = Privacy::effective($levels);
        if ($level === PrivacyLevel::None->value) {
            return ['version' => 1, 'level' => PrivacyLevel::None->value];
        }
        $record = ['version' => 1, 'level' => $level, 'summary' => self::summary($r)];
        if ($level === PrivacyLevel::Full->value) {
            $record['result'] = $r->toRecord();
        } elseif ($level === PrivacyLevel::Redacted->value) {
            $record['result'] = self::redactedResult($r, $redactor ?? Redactor::redact(...));
        }
        return $record;
    }

    /** The summary of §6.2: numbers, booleans and closed-set values only (TR-PRIV-5). */
    public static function summary(BoundedToolResult $r): array
    {
        $artifacts = $r->artifacts();
        $types = [];
        foreach ($artifacts as $a) {
            [, $type] = JsonData::member($a, 'type');
            if (is_string($type) && ArtifactType::tryFrom($type) !== null) {
                $types[$type] = true;
            }
        }
        $types = array_keys($types);
        sort($types, SORT_STRING);
        $s = [
            'isError' => $r->isError,
            'contentOctets' => strlen($r->content),
            'hasStructured' => $r->hasStructured(),
        ];
        if ($r->hasStructured()) {
            $s['structuredOctets'] = Walker::measure($r->structured(), PHP_INT_MAX, false)->octets;
        }
        $s['artifactCount'] = count($artifacts);
        $s['artifactsOctets'] = Walker::measure($artifacts, PHP_INT_MAX, false)->octets;
        $s['artifactTypes'] = $types;
        $s['warnings'] = $r->warnings();
        return $s;
    }

    private static function redactedResult(BoundedToolResult $r, callable $redactor): array
    {
        $one = static function (string $s) use ($redactor): string {
            try {
                $out = $redactor($s);
            } catch (\Throwable) {
                return '***'; // nothing of the failure is kept or logged (TR-PRIV-10)
            }
            return is_string($out) && Utf8::isWellFormed($out) ? $out : '***';
        };
        $out = ['content' => $one($r->content), 'isError' => $r->isError];
        if ($r->hasStructured()) {
            $out['structured'] = self::redactValue($r->structured(), $one);
        }
        $out['artifacts'] = array_map(static function (mixed $a) use ($one): array {
            [, $type] = JsonData::member($a, 'type');
            [, $label] = JsonData::member($a, 'label');
            [, $data] = JsonData::member($a, 'data');
            $d = [];
            foreach (JsonData::entries($data) as [$k, $v]) {
                $d[] = [(string) $k, self::redactStrings($v, $one)]; // member names of the shape are kept
            }
            return ['type' => $one($type), 'label' => $one($label), 'data' => JsonData::makeObject($d)];
        }, $r->artifacts());
        $out['warnings'] = array_map(static fn (string $c): array => ['code' => $c], $r->warnings());
        return $out;
    }

    /** Every string of an artifact's data (cells, columns, text); no keys there are data. */
    private static function redactStrings(mixed $v, callable $one): mixed
    {
        if (is_string($v)) {
            return $one($v);
        }
        if (is_array($v)) {
            return array_map(static fn (mixed $x): mixed => self::redactStrings($x, $one), $v);
        }
        return $v;
    }

    /**
     * Leaves and keys of structured data. Keys that redact alike are taken in ascending order of the
     * original keys' UTF-16 units, each given the first free name of k, k#2, k#3, … (TR-PRIV-9).
     */
    private static function redactValue(mixed $v, callable $one): mixed
    {
        if (is_string($v)) {
            return $one($v);
        }
        if (JsonData::isObject($v)) {
            $members = [];
            foreach (JsonData::entries($v) as [$k, $x]) {
                $k = (string) $k;
                $members[] = [Utf8::utf16Key($k), $k, $x];
            }
            usort($members, static fn (array $a, array $b): int => strcmp($a[0], $b[0]));
            $used = [];
            // Per base name, the suffix to try next: every name below it is taken already (names
            // are only ever added), so a run of keys that redact alike costs O(n), not O(n^2).
            $next = [];
            $pairs = [];
            foreach ($members as [, $k, $x]) {
                $base = $one($k);
                $name = $base;
                if (isset($used[$name])) {
                    $n = $next[$base] ?? 2;
                    for ($name = "{$base}#{$n}"; isset($used[$name]); $name = "{$base}#{$n}") {
                        $n++;
                    }
                    $next[$base] = $n + 1;
                }
                $used[$name] = true;
                $pairs[] = [$name, self::redactValue($x, $one)];
            }
            return JsonData::makeObject($pairs);
        }
        if (is_array($v)) {
            return array_map(static fn (mixed $x): mixed => self::redactValue($x, $one), $v);
        }
        return $v;
    }
}
