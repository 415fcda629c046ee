#!/usr/bin/env php
<?php

declare(strict_types=1);

// The conformance adapter of the PHP implementation (spec §9): JSON lines on stdin/stdout.
//   npm run conformance -- -- php implementations/php/adapter.php

require __DIR__ . '/src/autoload.php';

error_reporting(E_ALL);
ini_set('display_errors', 'stderr');
exit(ToolResult\Kit\Adapter::main(STDIN, STDOUT));
