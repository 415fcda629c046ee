<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Bound\ArtifactShape;
use ToolResult\Bound\PlainJson;

/**
 * TR-BOUND-9: the artifact-list rule checked for the whole list at once (built-ins over every item,
 * data and row together) against the same rule item by item (ArtifactShape::eachValid), over seeded
 * random lists (TR_SEED, default fixed) of valid artifacts, as stdClass or arrays, and of lists with
 * one fault each: the same verdict, with and without the proof that every cell is a string.
 */
final class ArtifactShapeTest extends TestCase
{
    private static function word(\Random\Randomizer $r): string
    {
        return ['a', 'Zoë', '', '12', 'x y', '東京'][$r->getInt(0, 5)];
    }

    private static function obj(\Random\Randomizer $r, array $members): object|array
    {
        return $r->getInt(0, 2) === 0 ? $members : (object) $members;
    }

    private static function artifact(\Random\Randomizer $r): object|array
    {
        if ($r->getInt(0, 1) === 0) {
            return self::obj($r, ['type' => 'text', 'label' => self::word($r), 'data' => self::obj($r, ['text' => self::word($r)])]);
        }
        $w = $r->getInt(0, 4);
        $columns = array_map(fn () => self::word($r), array_fill(0, $w, 0));
        $rows = [];
        for ($i = $r->getInt(0, 4); $i > 0; $i--) {
            $rows[] = array_map(fn () => self::word($r), array_fill(0, $w, 0));
        }
        return self::obj($r, ['type' => 'table', 'label' => self::word($r), 'data' => self::obj($r, ['columns' => $columns, 'rows' => $rows])]);
    }

    /** One fault somewhere in the list (or none). */
    private static function fault(\Random\Randomizer $r, array $list): array
    {
        if ($list === []) {
            return $r->getInt(0, 1) === 0 ? [] : [5];
        }
        $i = $r->getInt(0, count($list) - 1);
        $item = (array) $list[$i];
        $wasObject = is_object($list[$i]);
        $odd = [5, null, [], ['x'], new \stdClass(), (object) ['a' => 'b'], 1.5, true, new \ArrayObject([])];
        $pick = $odd[$r->getInt(0, count($odd) - 1)];
        $data = (array) $item['data'];
        switch ($r->getInt(0, 9)) {
            case 0:
                $item['type'] = ['text', 'table', 'image', 5][$r->getInt(0, 3)];
                break;
            case 1:
                $item['label'] = $pick;
                break;
            case 2:
                unset($item[['type', 'label', 'data'][$r->getInt(0, 2)]]);
                break;
            case 3:
                $item['extra'] = 'x';
                break;
            case 4:
                $item['data'] = $r->getInt(0, 1) === 0 ? [] : array_values($data);
                break;
            case 5:
                if (isset($data['rows'][0])) {
                    $row = $data['rows'][0];
                    $data['rows'][0] = match ($r->getInt(0, 3)) {
                        0 => array_merge($row, ['more']),
                        1 => array_reverse($row, true),
                        2 => (object) $row,
                        default => $row === [] ? [$pick] : array_replace($row, [0 => $pick]),
                    };
                } else {
                    $data[array_key_first($data)] = $pick;
                }
                $item['data'] = $data;
                break;
            case 6:
                if (isset($data['columns'])) {
                    $data['columns'][] = $pick;
                } else {
                    $data['text'] = $pick;
                }
                $item['data'] = $data;
                break;
            case 7:
                if (count($data['rows'] ?? []) > 1 && $data['rows'][0] !== []) {
                    // A cell moved from one row to another: as many cells as the rows need, in rows of the wrong lengths.
                    $data['rows'][1][] = array_pop($data['rows'][0]);
                    $item['data'] = $data;
                    break;
                }
                $data[] = 'x';
                $item['data'] = $data;
                break;
            case 8:
                $list[$i] = $pick;
                return $list;
            default:
                return $list; // no fault
        }
        $list[$i] = $wasObject ? (object) $item : $item;
        return $list;
    }

    public function testTR_BOUND_9_theWholeListAtOnceAgreesWithItemByItem(): void
    {
        $seed = (int) (getenv('TR_SEED') ?: 20261202);
        $r = new \Random\Randomizer(new \Random\Engine\Mt19937($seed));
        $valid = 0;
        for ($i = 0; $i < 2000; $i++) {
            $list = array_map(fn () => self::artifact($r), array_fill(0, $r->getInt(0, 5), 0));
            $list = self::fault($r, $list);
            $kept = PlainJson::keep($list, 1 << 30);
            foreach ($kept === null ? [false] : [false, $kept[2]] as $stringLeaves) {
                $expected = ArtifactShape::eachValid($list, $stringLeaves);
                self::assertSame($expected, ArtifactShape::isValidList($list, $stringLeaves), "list {$i} (TR_SEED={$seed}), cells proven strings: " . var_export($stringLeaves, true));
                $valid += $expected ? 1 : 0;
            }
        }
        self::assertGreaterThan(300, $valid, 'too few valid lists: the property would be vacuous');
    }
}
