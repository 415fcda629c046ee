<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Egress\Wire;

/** The README's exposure example runs, and shows what it returns (so it cannot drift from the code). */
final class ReadmeTest extends TestCase
{
    public function testTR_EXPOSE_6_readmeExposureExample(): void
    {
        $readme = (string) file_get_contents(dirname(__DIR__) . '/README.md');
        self::assertSame(1, preg_match('/### Showing the model part.*?```php\n(.*?)```/s', $readme, $m), 'the README has the exposure example');
        $code = $m[1];
        self::assertSame(1, preg_match('/^Wire::message\(\$shown\)\[\'content\'\];\s*\/\/ (".*?")$/m', $code, $wire));
        self::assertSame(1, preg_match('/^\$shown->warnings\(\);\s*\/\/ \[(.*?)\]/m', $code, $codes));
        eval("use ToolResult\\Model\\ToolResult;\nuse ToolResult\\Egress\\Wire;\n" . $code);
        self::assertSame(json_decode($wire[1]), Wire::message($shown)['content']);
        self::assertSame(array_map(static fn (string $c): string => trim($c, " '"), explode(',', $codes[1])), $shown->warnings());
    }
}
