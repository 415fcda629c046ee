<?php

declare(strict_types=1);

// PSR-4 autoloader for use without Composer (the package needs nothing from a registry):
// ToolResult\X\Y -> src/X/Y.php, ToolResult\Kit\X -> kit/X.php (the conformance adapter),
// ToolResult\Generated\X -> generated/X.php (the types `npm run generate` writes from schemas/).
spl_autoload_register(static function (string $class): void {
    $prefixes = [
        'ToolResult\\Kit\\' => __DIR__ . '/../kit/',
        'ToolResult\\Generated\\' => __DIR__ . '/../generated/',
        'ToolResult\\' => __DIR__ . '/',
    ];
    foreach ($prefixes as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});
