<?php
// The seed's own case (issue 36 item 4): ADR-108's ToolResultBounder (netresearch/t3x-nr-llm,
// never committed here: its directory is the first argument) beside this library's PHP bounder on
// the seed's inputs. CPU time (getrusage), the two sides back to back in alternating order, the
// median of per-pair ratios. Prints one line per row: name, ours µs, seed µs, ours/seed.
// A row whose seed side cannot run in-process (the deep nest crashes it) is run by `deep` in a
// child process of its own and reported as such.
declare(strict_types=1);

$seedDir = $argv[1] ?? '';
$mode = $argv[2] ?? 'rows';
foreach (['Classes/Domain/Enum/ArtifactType.php', 'Classes/Domain/ValueObject/ToolArtifact.php', 'Classes/Service/Tool/ToolResultBounder.php'] as $f) {
    require $seedDir . '/' . $f;
}
require __DIR__ . '/../implementations/php/src/autoload.php';
ini_set('serialize_precision', '-1');

use Netresearch\NrLlm\Domain\Enum\ArtifactType;
use Netresearch\NrLlm\Domain\ValueObject\ToolArtifact;
use Netresearch\NrLlm\Service\Tool\ToolResultBounder;
use ToolResult\Bound\Bounder;
use ToolResult\Model\ToolResult;

function cpuUs(): float
{
    $u = getrusage();
    return $u['ru_utime.tv_sec'] * 1e6 + $u['ru_utime.tv_usec'] + $u['ru_stime.tv_sec'] * 1e6 + $u['ru_stime.tv_usec'];
}

function sample(callable $f, int $calls): float
{
    $t = cpuUs();
    for ($i = 0; $i < $calls; $i++) {
        $f();
    }
    return (cpuUs() - $t) / $calls;
}

function calls(callable $f, float $targetUs): int
{
    $f();
    $one = max(sample($f, 1), 1.0);
    return max(1, (int) round($targetUs / $one));
}

/** [median ours/seed, ours µs, seed µs] over $pairs alternating pairs. */
function paired(callable $ours, callable $seed, int $pairs, float $targetUs): array
{
    $co = calls($ours, $targetUs);
    $cs = calls($seed, $targetUs);
    $r = $a = $b = [];
    for ($i = 0; $i < $pairs; $i++) {
        if ($i % 2 === 0) {
            $x = sample($ours, $co);
            $y = sample($seed, $cs);
        } else {
            $y = sample($seed, $cs);
            $x = sample($ours, $co);
        }
        $a[] = $x;
        $b[] = $y;
        $r[] = $x / $y;
    }
    sort($r);
    sort($a);
    sort($b);
    $m = intdiv($pairs, 2);
    return [$r[$m], $a[$m], $b[$m]];
}

function rows(int $n, bool $bad): array
{
    $w = ['ACME Corp', 'Jane Doe', 'Berlin', 'paid', 'invoice', 'Müller GmbH', 'Zoë Ångström', '東京都'];
    $rows = [];
    for ($r = 0; $r < $n; $r++) {
        $rows[] = ['R-' . (10000 + $r), $bad ? "A\xC0\xAF" . $w[$r % 8] : $w[$r % 8], sprintf('%.2f', $r * 1.37), '2026-11-01', $w[($r * 3) % 8]];
    }
    return $rows;
}

function deep(int $depth): array
{
    $d = ['leaf'];
    for ($i = 0; $i < $depth; $i++) {
        $d = [$d];
    }
    return $d;
}

$seed = new ToolResultBounder();
$columns = ['id', 'customer', 'amount', 'date', 'status'];
if ($mode === 'deep') {
    // One side, once, in a process of its own: the seed's leaf coercion recurses.
    $data = ['columns' => $columns, 'rows' => [['a', 'b', 'c', 'd', deep(100000)]]];
    $t = cpuUs();
    if (($argv[3] ?? '') === 'seed') {
        $seed->artifacts([new ToolArtifact(ArtifactType::TABLE, 'Deep', $data)]);
    } else {
        Bounder::bound(ToolResult::text('ok', artifacts: [['type' => 'table', 'label' => 'Deep', 'data' => $data]]));
    }
    echo round(cpuUs() - $t) . "\n";
    exit(0);
}
$cases = [
    'within budget: a table of 700 rows (~40 KB)' => rows(700, false),
    'within budget: the same, every cell ill-formed' => rows(700, true),
    'over budget: a table of 8 MiB' => rows(150000, false),
];
foreach ($cases as $name => $rows) {
    $data = ['columns' => $columns, 'rows' => $rows];
    $theirs = [new ToolArtifact(ArtifactType::TABLE, 'Orders', $data)];
    $ours = ToolResult::text('ok', artifacts: [['type' => 'table', 'label' => 'Orders', 'data' => $data]]);
    [$ratio, $a, $b] = paired(fn () => Bounder::bound($ours), fn () => $seed->artifacts($theirs), 15, 20000.0);
    printf("%s\t%.1f\t%.1f\t%.2f\n", $name, $a, $b, $ratio);
}
