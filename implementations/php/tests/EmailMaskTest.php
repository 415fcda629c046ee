<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Sinks\EmailMask;
use ToolResult\Sinks\Redactor;

/** TR-PRIV-10 (spec §6.3): the e-mail rule of the default redactor, scanned instead of run on PCRE. */
final class EmailMaskTest extends TestCase
{
    private const RULE = '~(^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}~';

    public function testTR_PRIV_10_emailRuleExamples(): void
    {
        self::assertSame('mail *** now', EmailMask::apply('mail ann.lee+x@mail.example.org now'));
        self::assertSame('***9', EmailMask::apply('a@b.cc9'));
        self::assertSame('a@b.c', EmailMask::apply('a@b.c'));
        self::assertSame('***.9', EmailMask::apply('a@b.cc.9'));
        self::assertSame('***,***', EmailMask::apply('a@b.cc,d@e.ff'));
        self::assertSame('***@e.ff', EmailMask::apply('a@b.cc@e.ff'), 'the second local part would start inside the first match');
        self::assertSame("\xC3\xA9***", EmailMask::apply("\xC3\xA9x@y.zz"), 'a non-ASCII octet is a boundary');
    }

    /**
     * Differential property: on short strings over the octets the rule cares about, the scan answers
     * as PCRE does with the regex of the rule. Fixed seed; a failure prints the seed, case and input.
     */
    public function testTR_PRIV_10_emailScanAgreesWithTheRegex(): void
    {
        $seed = 610;
        mt_srand($seed);
        $alphabet = ['a', 'b', 'Z', '1', '.', '.', '@', '@', '-', '_', '%', '+', ' ', ',', "\xC3\xA9"];
        for ($case = 0; $case < 20000; $case++) {
            $s = '';
            for ($k = mt_rand(0, 16); $k > 0; $k--) {
                $s .= $alphabet[mt_rand(0, count($alphabet) - 1)];
            }
            $want = preg_replace(self::RULE, '$1***', $s);
            self::assertIsString($want);
            self::assertSame($want, EmailMask::apply($s), "seed {$seed} case {$case}: " . json_encode(bin2hex($s)));
        }
    }

    /** A domain of 100,000 labels: PCRE gave up (the leaf became `***`); the scan masks the address only. */
    public function testTR_PRIV_10_longDomainIsRedactedNotMaskedWhole(): void
    {
        $leaf = 'see a@' . str_repeat('ab.', 100000) . 'c1 end';
        self::assertNull(@preg_replace(self::RULE, '$1***', $leaf), 'PCRE gives up here');
        self::assertTrue(EmailMask::apply($leaf) === 'see ***.c1 end', 'the address is masked, the rest kept');
        self::assertTrue(Redactor::redact($leaf) === 'see ***.c1 end', 'the redactor no longer masks the whole leaf');
        // CPU time (a busy machine's waiting is not the mask's work): linear, this takes milliseconds;
        // the backtracking rule it replaced takes minutes on it, so 2 s of CPU tells them apart.
        $u = getrusage();
        $t = $u['ru_utime.tv_sec'] + $u['ru_stime.tv_sec'] + ($u['ru_utime.tv_usec'] + $u['ru_stime.tv_usec']) / 1e6;
        EmailMask::apply(str_repeat('x@' . str_repeat('a.', 50) . '1 ', 20000));
        $u = getrusage();
        self::assertLessThan(2.0, $u['ru_utime.tv_sec'] + $u['ru_stime.tv_sec'] + ($u['ru_utime.tv_usec'] + $u['ru_stime.tv_usec']) / 1e6 - $t);
    }
}
