<?php

// Each rule of the PHP default redactor alone over 256 KiB and 1 MiB of benign text and of its worst
// case (bench/redactor.bench.ts, which runs this): prints cost<TAB>rule<TAB>input<TAB>ms per
// MiB<TAB>ratio lines, CPU time, the median of 5 samples of calls enough for about 40 ms. Rules 1-7 are PCRE patterns, read from the
// class; rule 8 is EmailMask's scan.

declare(strict_types=1);

require __DIR__ . '/../implementations/php/src/autoload.php';

use ToolResult\Sinks\EmailMask;
use ToolResult\Sinks\Redactor;

$names = ['url-credentials', 'credential-parameter', 'authorization-header', 'bearer-token', 'jwt', 'key-prefix', 'aws-key-id', 'email-address'];
$worst = [
    'url-credentials' => ['', '://a'], 'credential-parameter' => ['', '?access_'], 'authorization-header' => ['Authorization: ', 'a'],
    'bearer-token' => ['', "bearer\t"], 'jwt' => ['', ' eyJa.b'], 'key-prefix' => ['', ' ghu_abc'],
    'aws-key-id' => ['', ' ASIAABCDEFGHIJKLMNO'], 'email-address' => ['a@', 'aaaa.'],
];
$mib = 1 << 20;
$benign = (string) file_get_contents($argv[1]);
$rules = (new ReflectionMethod(Redactor::class, 'rules'))->invoke(null);

function cpuNow(): float
{
    $u = getrusage();
    return ($u['ru_utime.tv_sec'] + $u['ru_stime.tv_sec']) * 1000 + ($u['ru_utime.tv_usec'] + $u['ru_stime.tv_usec']) / 1000;
}

/** CPU ms per call: the median of 5 samples of $calls calls each. */
function cpuMs(callable $f, int $calls): float
{
    $xs = [];
    for ($i = 0; $i < 5; $i++) {
        $t = cpuNow();
        for ($c = 0; $c < $calls; $c++) {
            $f();
        }
        $xs[] = (cpuNow() - $t) / $calls;
    }
    sort($xs);
    return $xs[2];
}

/** Calls per sample so that a sample of the 1 MiB input lasts about 40 ms. */
function callsFor(callable $f): int
{
    $t = cpuNow();
    $f();
    return max(1, (int) ceil(40 / max(cpuNow() - $t, 0.05)));
}

foreach ($names as $i => $name) {
    [$head, $unit] = $worst[$name];
    $apply = $name === 'email-address'
        ? static fn (string $s) => EmailMask::apply($s)
        : static fn (string $s) => preg_replace($rules[$i][0], $rules[$i][1], $s) ?? throw new RuntimeException("$name: PCRE gave up");
    $make = [
        'benign' => static fn (int $n) => str_repeat($benign, intdiv($n, intdiv($mib, 4))),
        'worst' => static fn (int $n) => substr($head . str_repeat($unit, intdiv($n, strlen($unit)) + 1), 0, $n),
    ];
    foreach ($make as $kind => $m) {
        $small = $m(intdiv($mib, 4));
        $large = $m($mib);
        $calls = callsFor(static fn () => $apply($large));
        $a = cpuMs(static fn () => $apply($small), $calls * 4);
        $b = cpuMs(static fn () => $apply($large), $calls);
        printf("cost\t%s\t%s\t%.1f\t%.2f\n", $name, $kind, $b, $b / max($a, 0.001));
    }
}
